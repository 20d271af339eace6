// Differential test: chesstool validate against chessops (an independent JS rules
// implementation; it handles Chess960 through the Variant/FEN tags).
//
// For every file of the corpus selection, and every game in it, both sides replay the
// mainline and we compare:
//   - the number of games in the file,
//   - whether every mainline move is legal,
//   - the number of mainline plies replayed before the first bad move,
//   - the final position: FEN fields 1-4 (board, side, castling as rook squares, en
//     passant square only when a capture is legal, on both sides).
// Disagreements listed in ALLOW (a documented policy difference) are reported but do
// not fail the run; any other disagreement makes the exit status 1.
//
// Usage: node validate-vs-chessjs.mjs --chesstool PATH [--corpus DIR] [--lenient]
//   --lenient also checks pgn/lenient (many known notation-policy differences there).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { emptyHeaders, parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeFen } from 'chessops/fen';
import { fenKey, options, runChesstoolValidate, table } from './common.mjs';

const opt = options(process.argv.slice(2), { chesstool: '', corpus: '/work/shared/corpus', lenient: false });
if (!opt.chesstool) throw new Error('--chesstool PATH is required');

// pgn/invalid files whose problem is an illegal move (or only a result tag: the moves
// themselves are legal). The other invalid files test syntax errors, where a tolerant
// reader like chessops silently skips tokens, so there is nothing to compare.
const INVALID_MOVE_FILES = [
  'chessjs-strict-setup-tag-requires-fen-tag.pgn', // SetUp without FEN: 17.Rd8# illegal from the start
  'chessjs-throws-error-illegal-move.pgn', // 1...Qxd7 illegal
  'mliebelt-bom-illegal-from-startpos.pgn', // 1.Qxe8+ illegal
  'python-chess-errors.pgn', // 1...Qa1 illegal in game 1
  'pgn-extract-test-fixresulttags-in.pgn', // legal moves, wrong Result tags
];

// Known, documented policy differences: [file (relative to the corpus), game or '*',
// field or '*', reason]. Keep each reason precise; never list a chesstool bug here.
const ALLOW = [
  ['pgn/lenient/sunfish-pgns-one-game-per-line.pgn', '*', '*',
    'one tagless game per line, no blank lines: chesstool splits at each termination marker, chessops only at blank lines (merges them all into one game)'],
  ['pgn/lenient/pgn-extract-test-fuzzydepth.pgn', '*', '*',
    'four tagless games on consecutive lines: chesstool splits at termination markers, chessops only at blank lines'],
  ['pgn/lenient/chessops-leading-whitespace.pgn', '*', 'games',
    'a game whose tags and moves share one line: the two readers split this file differently'],
  // No entry for null moves "--": both sides stop the mainline there (chesstool with a
  // null-move error), so legality and plies agree; any FEN difference is chesstool's.
  ['pgn/lenient/chessjs-works-permissive-parser-fen-tag-case-insensitive.pgn', '*', '*',
    'tag "fEn": chesstool reads it as FEN (tag-name-case warning under --strict), chessops ignores it and starts from the standard position'],
  ['pgn/lenient/python-chess-chess960-without-fen.pgn', '*', '*',
    'Variant Chess960 without FEN: no start position to compare'],
  ['pgn/lenient/chessjs-works-messy-whitespace-tabs-whitespace-and-mixed-newlines.pgn', '*', '*',
    'lone CR line endings and "[ Event ...]": the readers split games differently'],
];
// Lenient notations chesstool accepts but chessops' SAN parser does not (coordinate /
// long algebraic moves, 0-0, promotions without "="): chessops stops early there.
const LENIENT_NOTATION_FILES = /chessjs-works-permissive-parser-(alebraic|extended|0-0)|python-chess-(lan|uci-moves|promotion-without-equals)|pgn-extract-(test-promotion-in|fools-mate-movetext-only)|chessjs-works-multiple-nags|unnecessary-disambiguation-2/;

function allowed(file, game, field) {
  const hit = ALLOW.find(([f, g, fld]) => f === file && (g === '*' || g === String(game)) && (fld === '*' || fld === field));
  if (hit) return hit[3];
  if (file.startsWith('pgn/lenient/') && LENIENT_NOTATION_FILES.test(file))
    return 'lenient move notation accepted by chesstool, rejected by chessops parseSan';
  return undefined;
}

// Move-level error codes: a mainline error with one of these stops the replay.
const MOVE_ERRORS = new Set(['illegal-move', 'ambiguous-move', 'malformed-move', 'null-move']);
// Start-position errors: no moves are replayed at all.
const SETUP_ERRORS = new Set(['invalid-fen', 'unsupported-variant']);

// chesstool's view of one game.
function chesstoolGame(rec) {
  if (rec.errors.some(e => SETUP_ERRORS.has(e.code)))
    return { start: false, legal: false, plies: 0, fen: undefined, raw: null };
  // The mainline's failing move is the one at ply plies+1 played from the final
  // position (a variation error has another position or ply).
  const mainlineError = rec.errors.find(
    e => MOVE_ERRORS.has(e.code) && e.ply === rec.plies + 1 &&
      (!e.fen || e.code === 'null-move' || fenKey(e.fen) === fenKey(rec.final_fen)));
  return {
    start: true,
    legal: !mainlineError,
    plies: rec.plies,
    fen: fenKey(rec.final_fen),
    raw: rec.final_fen,
    error: mainlineError ? `${mainlineError.code} ${mainlineError.token}` : undefined,
  };
}

// chessops' view of one game.
function chessopsGame(game) {
  const start = startingPosition(game.headers);
  if (start.isErr) return { start: false, legal: false, plies: 0, fen: undefined, raw: null, error: String(start.error.message) };
  const pos = start.value;
  let plies = 0;
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) {
      const raw = makeFen(pos.toSetup());
      return { start: true, legal: false, plies, fen: fenKey(raw), raw, error: `illegal ${node.san}` };
    }
    pos.play(move);
    plies++;
  }
  const raw = makeFen(pos.toSetup());
  return { start: true, legal: true, plies, fen: fenKey(raw), raw };
}

// chessops ends a game at any blank line inside the movetext section, so a tag section
// followed by a blank-line-separated comment paragraph and then the moves becomes two
// games (tags + comment, then a tagless game). PGN has no such rule: the movetext after
// a tag section belongs to it, and chesstool keeps one game. Re-join such pairs before
// comparing (a policy difference of the reader, not a rules question); each re-join is
// counted and printed.
//
// It also needs a blank line before a tag section: a "[Event" line right after the line
// with the previous game's termination marker is read as more tags of that game (they
// overwrite its headers). chesstool starts a new game there. We insert the blank line
// for chessops; each insertion is counted and printed.
//
// And a tag section with no movetext at all (a broadcast's list of pairings: tags, blank
// line, the next game's tags, a name repeated) is merged by chessops into the next game's
// headers, while chesstool reads one game per tag section, as python-chess and scalachess
// do. We give
// chessops the empty movetext "*" after such a section; each one is counted and printed.
let rejoined = [];
let separated = [];
let terminated = [];
function separateGames(file, text) {
  const lines = text.split('\n');
  let lastNonBlank = '';
  let sawBlank = false;
  let sectionTags = new Set();
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*$/.test(lines[i])) { sawBlank = true; continue; }
    const tag = /^\s*\[\s*([A-Za-z0-9_]+)/.exec(lines[i]);
    if (tag) {
      if (i > 0 && /(1-0|0-1|1\/2-1\/2|\*)\s*$/.test(lines[i - 1])) {
        separated.push(`${file} line ${i + 1}`);
        lines[i] = '\n' + lines[i];
      } else if (sawBlank && /^\s*\[.*\]\s*$/.test(lastNonBlank) && sectionTags.has(tag[1])) {
        // (A blank line inside one tag section, where no name repeats, stays as it is.)
        terminated.push(`${file} line ${i + 1}`);
        lines[i] = '*\n\n' + lines[i];
        sectionTags = new Set();
      }
      sectionTags.add(tag[1]);
    } else sectionTags = new Set();
    lastNonBlank = lines[i];
    sawBlank = false;
  }
  return lines.join('\n');
}
function readChessops(file, text) {
  const games = parsePgn(separateGames(file, text), emptyHeaders);
  const out = [];
  for (let i = 0; i < games.length; i++) {
    const g = games[i], next = games[i + 1];
    const noMoves = g.moves.children.length === 0;
    // (chessops fills in a Result header from the termination marker: ignore that one.)
    const tagless = next && [...next.headers.keys()].every(k => k === 'Result');
    if (noMoves && g.headers.size > 0 && tagless && next.moves.children.length > 0) {
      rejoined.push(`${file} game ${out.length + 1}`);
      out.push({ headers: g.headers, moves: next.moves, comments: g.comments });
      i++;
    } else out.push(g);
  }
  return out;
}

function listPgn(dir) {
  return readdirSync(dir).filter(f => f.endsWith('.pgn')).sort().map(f => path.join(dir, f));
}

const c = opt.corpus;
const files = [
  ...listPgn(path.join(c, 'pgn/valid')),
  ...listPgn(path.join(c, 'pgn/chess960')),
  ...listPgn(path.join(c, 'archives')),
  ...INVALID_MOVE_FILES.map(f => path.join(c, 'pgn/invalid', f)),
  ...(opt.lenient ? listPgn(path.join(c, 'pgn/lenient')) : []),
];

const ct = runChesstoolValidate(opt.chesstool, files);
const rows = [['file', 'games ct/co', 'agree', 'differ', 'allowed']];
const problems = [];
let unexplained = 0;

function report(file, game, field, detail) {
  const reason = allowed(file, game, field);
  problems.push({ file, game, field, detail, reason });
  if (!reason) unexplained++;
  return reason ? 'allowed' : 'differ';
}

for (const abs of files) {
  const file = path.relative(c, abs);
  const text = readFileSync(abs, 'utf8');
  const coGames = readChessops(file, text).map(chessopsGame);
  const ctGames = (ct.byFile.get(abs) ?? []).map(chesstoolGame);
  let agree = 0, differ = 0, allowedCount = 0;
  const count = (verdict) => (verdict === 'allowed' ? allowedCount++ : differ++);
  if (coGames.length !== ctGames.length) {
    count(report(file, '*', 'games', `chesstool ${ctGames.length} games, chessops ${coGames.length}`));
  } else {
    coGames.forEach((co, i) => {
      const t = ctGames[i], n = i + 1;
      const diffs = [];
      if (t.start !== co.start) diffs.push(['start', `start position usable: chesstool ${t.start}, chessops ${co.start} ${co.error ?? ''}`]);
      else if (t.start) {
        if (t.legal !== co.legal)
          diffs.push(['legal', `all mainline moves legal: chesstool ${t.legal}${t.error ? ` (${t.error})` : ''}, chessops ${co.legal}${co.error ? ` (${co.error})` : ''}`]);
        if (t.plies !== co.plies) diffs.push(['plies', `plies: chesstool ${t.plies}, chessops ${co.plies}`]);
        if (t.fen !== co.fen) diffs.push(['fen', `final FEN: chesstool "${t.raw}", chessops "${co.raw}"`]);
      }
      if (!diffs.length) return agree++;
      // One verdict per game: allowed only if every differing field is allowed.
      const verdicts = diffs.map(([field, detail]) => report(file, n, field, detail));
      count(verdicts.every(v => v === 'allowed') ? 'allowed' : 'differ');
    });
  }
  rows.push([file, `${ctGames.length}/${coGames.length}`, agree, differ, allowedCount]);
}

console.log(table(rows));
const totalGames = rows.slice(1).reduce((s, r) => s + r[2] + r[3] + r[4], 0);
console.log(`\n${files.length} files, ${totalGames} games compared (ct = chesstool, co = chessops)`);
if (separated.length)
  console.log(`blank line inserted for chessops before a tag section that follows a termination marker: ${separated.join('; ')}`);
if (terminated.length) {
  const perFile = new Map();
  for (const at of terminated) { const f = at.replace(/ line \d+$/, ''); perFile.set(f, (perFile.get(f) || 0) + 1); }
  console.log(`empty movetext "*" given to chessops after a tag section with no moves: ${[...perFile].map(([f, n]) => `${f} (${n})`).join('; ')}`);
}
if (rejoined.length)
  console.log(`chessops games re-joined (tags, blank line, comment, blank line, moves: one game in PGN): ${rejoined.join('; ')}`);
if (problems.length) {
  console.log('\nDisagreements:');
  for (const p of problems)
    console.log(`  ${p.reason ? 'ALLOWED' : 'UNEXPLAINED'} ${p.file} game ${p.game} [${p.field}] ${p.detail}${p.reason ? `\n      reason: ${p.reason}` : ''}`);
}
console.log(`\n${unexplained ? 'FAIL' : 'OK'}: ${unexplained} unexplained disagreement(s), ${problems.length - unexplained} allowed`);
process.exit(unexplained ? 1 : 0);
