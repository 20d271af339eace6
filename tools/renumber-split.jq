# Renumbers the NDJSON of `chesstool validate --json` run on pieces of one archive (split
# by game, e.g. by GNU parallel --pipe --keep-order) as if it had been one run: game
# numbers, lines and byte offsets continue from piece to piece. Each piece's summary
# record ("bytes", "lines") tells where the next piece starts; the pieces' summaries are
# replaced by one merged summary at the end.
# Usage: ... | jq -cn -f tools/renumber-split.jq
def shift_lines($l): map(.line += $l);
foreach (inputs, {type: "end"}) as $r (
  {games: 0, bytes: 0, lines: 0, out: null,
   sum: {type: "summary", files: 1, games: 0, valid: 0, invalid: 0, errors: 0, warnings: 0,
         plies: 0, io_errors: 0, bytes: 0, lines: 0, stopped_early: false, not_read: 0}};
  . as $s
  | if $r.type == "game" then
      .games += 1
      | .out = ($r | .game = ($s.games + 1)
                   | .line += $s.lines
                   | .byte_offset += $s.bytes
                   | .errors |= shift_lines($s.lines)
                   | .warnings |= shift_lines($s.lines))
    elif $r.type == "summary" then
      .bytes += $r.bytes | .lines += $r.lines | .out = null
      | .sum |= (reduce ("games", "valid", "invalid", "errors", "warnings", "plies", "io_errors", "bytes", "lines",
                         "not_read") as $k
                   (.; .[$k] += ($r[$k] // 0))
                 | .stopped_early = (.stopped_early or ($r.stopped_early // false)))
    elif $r.type == "end" then
      .out = .sum
    else
      .out = $r
    end;
  .out | select(. != null))
