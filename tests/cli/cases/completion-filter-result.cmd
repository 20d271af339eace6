$CHESSTOOL --generate-completion bash | grep -F "filter:--result)"
