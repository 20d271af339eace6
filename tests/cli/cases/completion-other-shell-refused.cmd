$CHESSTOOL --generate-completion zsh
