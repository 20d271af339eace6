// Helpers shared by the differential tests: running chesstool, normalising FENs the
// same way on both sides, and printing tables.
import { spawnSync } from 'node:child_process';
import { makeBoardFen, parseFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';
import { makeSquare } from 'chessops/util';

// Runs `chesstool validate --json` on the given paths and returns its NDJSON records
// (game records grouped per file, in file order, plus the summary). Exit status 1
// (invalid games) is expected; 2 or a crash is not.
export function runChesstoolValidate(chesstool, paths, extraArgs = []) {
  const proc = spawnSync(chesstool, ['validate', '--json', '--quiet', '--jobs', '2', ...extraArgs, ...paths], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (proc.error) throw proc.error;
  if (proc.status !== 0 && proc.status !== 1)
    throw new Error(`chesstool validate exited with ${proc.status ?? proc.signal}: ${proc.stderr.slice(0, 2000)}`);
  const byFile = new Map();
  let summary;
  for (const line of proc.stdout.split('\n')) {
    if (!line.trim()) continue;
    const rec = JSON.parse(line);
    if (rec.type === 'summary') summary = rec;
    if (rec.type !== 'game') continue;
    if (!byFile.has(rec.file)) byFile.set(rec.file, []);
    byFile.get(rec.file).push(rec);
  }
  for (const games of byFile.values()) games.sort((a, b) => a.game - b.game);
  return { byFile, summary, status: proc.status };
}

// The position key used for comparisons: board, side to move, castling rights as the
// set of rook squares (so X-FEN "KQkq" and Shredder-FEN "HAha" compare equal), and the
// en passant square only when an en passant capture is legal (chesstool writes it only
// then; chessops' toSetup() does the same, but a FEN from elsewhere may not).
// Returns undefined for an unparsable FEN.
export function fenKey(fen) {
  if (typeof fen !== 'string') return undefined;
  const setup = parseFen(fen);
  if (setup.isErr) return undefined;
  const pos = Chess.fromSetup(setup.value);
  const s = setup.value;
  const board = fen.trim().split(/\s+/)[0];
  const rooks = [...s.castlingRights].map(makeSquare).sort().join(',') || '-';
  let ep = '-';
  if (pos.isOk) {
    const legalEp = pos.value.toSetup().epSquare;
    ep = legalEp === undefined ? '-' : makeSquare(legalEp);
  } else if (s.epSquare !== undefined) {
    ep = `${makeSquare(s.epSquare)}(unchecked)`;
  }
  return `${board} ${s.turn[0]} ${rooks} ${ep}`;
}

// Key of a chessops position, in the same format as fenKey().
export function positionKey(pos) {
  const s = pos.toSetup();
  const rooks = [...s.castlingRights].map(makeSquare).sort().join(',') || '-';
  const ep = s.epSquare === undefined ? '-' : makeSquare(s.epSquare);
  return `${makeBoardFen(s.board)} ${s.turn[0]} ${rooks} ${ep}`;
}

// Pads a table: rows are arrays of cells, the first row is the header.
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map(r => String(r[i]).length)));
  return rows
    .map(r => r.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  '))
    .join('\n');
}

// Tiny command-line option reader: --name value pairs and bare flags.
export function options(argv, defaults) {
  const out = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const name = a.slice(2);
    if (!(name in defaults)) throw new Error(`unknown option ${a}`);
    if (typeof defaults[name] === 'boolean') out[name] = true;
    else out[name] = typeof defaults[name] === 'number' ? Number(argv[++i]) : argv[++i];
  }
  return out;
}
