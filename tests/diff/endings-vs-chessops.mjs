// Differential test of game endings: chesstool validate's "status"/"winner" against
// chessops (an independent JS rules implementation).
//
// Part 1 (random games): plays N seeded games of random legal moves with chessops
// until the game ends automatically (checkmate, stalemate, insufficient material, and,
// tracked here on top of chessops, fivefold repetition and the 75-move rule) or a ply
// cap is reached; writes them as PGN with the Result and a [Termination] tag; runs
// `chesstool validate --json` on that file and compares, game by game, status, winner,
// plies, validity and the final position (FEN fields 1-4, legal-only en passant).
// Some games start from random Chess960 positions; some prefer captures or mates, so
// that sparse endings (K+minor v K, bishops of one colour, stalemates) come up often.
//
// Part 2 (corpus): compares chesstool's status and final FEN for the corpus games with
// /work/shared/corpus/expected/game-endings.chessops.tsv (checkmate, stalemate,
// insufficient-material flags, final FEN, mainline plies, all computed by chessops).
//
// Usage: node endings-vs-chessops.mjs --chesstool PATH [--games 3000] [--seed 1]
//          [--max-plies 300] [--corpus DIR] [--out FILE.pgn] [--no-corpus]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSanAndPlay } from 'chessops/san';
import { SquareSet } from 'chessops/squareSet';
import { fenKey, options, positionKey, runChesstoolValidate, table } from './common.mjs';

const opt = options(process.argv.slice(2), {
  chesstool: '', games: 3000, seed: 1, 'max-plies': 300, corpus: '/work/shared/corpus', out: '', 'no-corpus': false,
});
if (!opt.chesstool) throw new Error('--chesstool PATH is required');

// Exact, documented differences in the definition of an ending, as predicates over a
// final position: none so far. Both sides count as insufficient material exactly:
// K v K, K+N v K, K+B v K, and kings plus bishops all on squares of one colour (any
// number, either side). chessops' rule (per side: a lone knight against a bare king or
// queens only; bishops of one colour with no pawns or knights on the board) gives the
// same set of positions, since a side with a queen makes the other side's test moot.
// Entry form: { name, reason, test(pos, chesstoolStatus, chessopsStatus) => bool }.
const ALLOW = [];

// ---------------------------------------------------------------- random games

// mulberry32: small seeded PRNG, good enough to pick moves reproducibly.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (rand, list) => list[Math.floor(rand() * list.length)];

// A random Chess960 back rank: bishops on opposite colours, king between the rooks.
function chess960Rank(rand) {
  const rank = Array(8).fill('');
  const free = () => rank.map((p, i) => (p ? -1 : i)).filter(i => i >= 0);
  rank[pick(rand, [0, 2, 4, 6])] = 'b';
  rank[pick(rand, [1, 3, 5, 7])] = 'b';
  rank[pick(rand, free())] = 'q';
  rank[pick(rand, free())] = 'n';
  rank[pick(rand, free())] = 'n';
  const [r1, k, r2] = free();
  rank[r1] = 'r'; rank[k] = 'k'; rank[r2] = 'r';
  return rank.join('');
}

const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight'];

function legalMoves(pos) {
  const moves = [];
  for (const [from, dests] of pos.allDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (piece.role === 'pawn' && SquareSet.backranks().has(to))
        for (const promotion of PROMOTIONS) moves.push({ from, to, promotion });
      else moves.push({ from, to });
    }
  }
  return moves;
}

// Chooses the next move. Styles: 'uniform' (any legal move), 'captures' (prefers
// captures: material comes off, so bare-king and minor-piece endings are common),
// 'mating' (plays a mate in one when there is one, else prefers captures).
// 'shuffling': see below.
function chooseMove(pos, moves, style, rand, history, shuffleFrom) {
  // 'shuffling' (from a random ply on): undo our own previous move when that is legal,
  // so that positions repeat and fivefold repetition ends the game.
  if (style === 'shuffling' && history.length >= shuffleFrom && history.length >= 2 && rand() < 0.9) {
    const own = history[history.length - 2];
    const back = moves.find(m => m.from === own.to && m.to === own.from && !m.promotion);
    if (back) return back;
  }
  if (style !== 'uniform' && style !== 'shuffling') {
    if (style === 'mating' && rand() < 0.9) {
      for (const m of moves) {
        const next = pos.clone();
        next.play(m);
        if (next.isCheckmate()) return m;
      }
    }
    const captures = moves.filter(m => pos.board.has(m.to) && pos.board.get(m.to).color !== pos.turn);
    if (captures.length && rand() < 0.7) return pick(rand, captures);
  }
  return pick(rand, moves);
}

// The chessops view of how a position ends, in chesstool's documented order
// (checkmate, stalemate, insufficient material, fivefold, 75-move rule).
function endingOf(pos, repetitions) {
  if (pos.isCheckmate()) return 'checkmate';
  if (pos.isStalemate()) return 'stalemate';
  if (pos.isInsufficientMaterial()) return 'insufficient_material';
  if (repetitions >= 5) return 'fivefold_repetition';
  if (pos.halfmoves >= 150) return 'seventyfive_moves';
  return 'ongoing';
}

const TERMINATION = {
  checkmate: 'checkmate', stalemate: 'stalemate', insufficient_material: 'insufficient material',
  fivefold_repetition: 'fivefold repetition', seventyfive_moves: '75-move rule', ongoing: 'unterminated',
};

function playGame(index, rand) {
  const style = pick(rand, ['uniform', 'captures', 'captures', 'mating', 'shuffling']);
  const shuffleFrom = Math.floor(rand() * 120);
  const chess960 = rand() < 0.1;
  let startFen;
  if (chess960) {
    const r = chess960Rank(rand);
    startFen = `${r}/pppppppp/8/8/8/8/PPPPPPPP/${r.toUpperCase()} w KQkq - 0 1`;
  }
  const pos = startFen ? Chess.fromSetup(parseFen(startFen).unwrap()).unwrap() : Chess.default();
  const sans = [];
  const history = [];
  const seen = new Map();
  let status = 'ongoing';
  for (;;) {
    // Repetitions: a pawn move or capture makes earlier positions unreachable.
    if (pos.halfmoves === 0) seen.clear();
    const key = positionKey(pos);
    const reps = (seen.get(key) ?? 0) + 1;
    seen.set(key, reps);
    status = endingOf(pos, reps);
    if (status !== 'ongoing' || sans.length >= opt['max-plies']) break;
    const move = chooseMove(pos, legalMoves(pos), style, rand, history, shuffleFrom);
    history.push(move);
    sans.push(makeSanAndPlay(pos, move));
  }
  const winner = status === 'checkmate' ? (pos.turn === 'white' ? 'black' : 'white') : null;
  const result = winner === 'white' ? '1-0' : winner === 'black' ? '0-1' : status === 'ongoing' ? '*' : '1/2-1/2';
  return { index, style, chess960, startFen, sans, status, winner, result, plies: sans.length, fen: makeFen(pos.toSetup()), pos };
}

function toPgn(g) {
  const tags = [
    ['Event', `random game ${g.index}`], ['Site', 'chessops random play'], ['Date', '????.??.??'],
    ['Round', String(g.index)], ['White', `random-${g.style}`], ['Black', `random-${g.style}`], ['Result', g.result],
    ['Termination', TERMINATION[g.status]],
  ];
  if (g.chess960) tags.push(['Variant', 'Chess960'], ['SetUp', '1'], ['FEN', g.startFen]);
  const words = [];
  g.sans.forEach((san, i) => words.push(i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san));
  words.push(g.result);
  // Movetext wrapped at 79 columns, as export format asks.
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) { lines.push(line); line = w; } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return `${tags.map(([k, v]) => `[${k} "${v}"]`).join('\n')}\n\n${lines.join('\n')}\n\n`;
}

function materialSignature(pos) {
  const order = 'kqrbnp';
  const side = color => [...pos.board[color]].map(sq => pos.board.get(sq).role).map(r => (r === 'knight' ? 'n' : r[0]))
    .sort((a, b) => order.indexOf(a) - order.indexOf(b)).join('').toUpperCase();
  return `${side('white')} v ${side('black')}`;
}

function randomGames() {
  const rand = rng(opt.seed);
  const t0 = Date.now();
  const games = [];
  for (let i = 1; i <= opt.games; i++) games.push(playGame(i, rand));
  const genSeconds = (Date.now() - t0) / 1000;

  const dir = opt.out ? undefined : mkdtempSync(path.join(tmpdir(), 'endings-diff-'));
  const file = opt.out || path.join(dir, 'random-games.pgn');
  writeFileSync(file, games.map(toPgn).join(''));
  const ct = runChesstoolValidate(opt.chesstool, [file]);
  const records = ct.byFile.get(file) ?? [...ct.byFile.values()][0] ?? [];
  if (dir) rmSync(dir, { recursive: true, force: true });

  const counts = new Map();
  const problems = [];
  let unexplained = 0;
  if (records.length !== games.length) {
    problems.push({ detail: `game count: chesstool ${records.length}, generated ${games.length}` });
    unexplained++;
  }
  for (let i = 0; i < Math.min(records.length, games.length); i++) {
    const g = games[i], r = records[i];
    const diffs = [];
    if (r.status !== g.status) diffs.push(`status: chesstool ${r.status}, chessops ${g.status}`);
    if ((r.winner ?? null) !== g.winner) diffs.push(`winner: chesstool ${r.winner}, chessops ${g.winner}`);
    if (r.plies !== g.plies) diffs.push(`plies: chesstool ${r.plies}, chessops ${g.plies}`);
    if (!r.valid) diffs.push(`chesstool says invalid: ${r.errors.map(e => `${e.code} ${e.message}`).join('; ')}`);
    if (fenKey(r.final_fen) !== fenKey(g.fen)) diffs.push(`final FEN: chesstool "${r.final_fen}", chessops "${g.fen}"`);
    if (r.ended_at !== null && r.ended_at !== undefined) diffs.push(`chesstool ended_at ${r.ended_at} (the game ended at its last move)`);
    const key = `${g.status}/${g.winner ?? '-'}`;
    const c = counts.get(key) ?? { agree: 0, differ: 0, allowed: 0 };
    counts.set(key, c);
    if (!diffs.length) { c.agree++; continue; }
    const allow = ALLOW.find(a => a.test(g.pos, r.status, g.status));
    if (allow) c.allowed++; else { c.differ++; unexplained++; }
    problems.push({
      detail: `game ${g.index} (${g.style}${g.chess960 ? ', Chess960' : ''}, ${materialSignature(g.pos)}): ${diffs.join('; ')}`,
      reason: allow?.reason,
    });
  }
  // Which material balances ended as insufficient material (shows what was covered).
  const sigs = new Map();
  for (const g of games)
    if (g.status === 'insufficient_material') sigs.set(materialSignature(g.pos), (sigs.get(materialSignature(g.pos)) ?? 0) + 1);
  const rows = [['status/winner (chessops)', 'games', 'agree', 'differ', 'allowed']];
  for (const [k, c] of [...counts].sort()) rows.push([k, c.agree + c.differ + c.allowed, c.agree, c.differ, c.allowed]);
  console.log(`Part 1: ${games.length} random games (seed ${opt.seed}, ply cap ${opt['max-plies']}, ` +
    `${games.filter(g => g.chess960).length} Chess960), generated in ${genSeconds.toFixed(1)} s`);
  console.log(table(rows));
  console.log(`insufficient-material endings by material: ${[...sigs].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  return { problems, unexplained };
}

// ---------------------------------------------------------------- corpus oracle

function corpusEndings() {
  const tsvPath = path.join(opt.corpus, 'expected/game-endings.chessops.tsv');
  const [header, ...lines] = readFileSync(tsvPath, 'utf8').trim().split('\n');
  const cols = header.split('\t');
  const rowsByFile = new Map();
  for (const line of lines) {
    const f = line.split('\t');
    const row = Object.fromEntries(cols.map((c, i) => [c, f[i]]));
    if (!rowsByFile.has(row.file)) rowsByFile.set(row.file, []);
    rowsByFile.get(row.file).push(row);
  }
  const files = [...rowsByFile.keys()];
  const ct = runChesstoolValidate(opt.chesstool, files.map(f => path.join(opt.corpus, f)));
  const problems = [];
  const dropped = [];
  const merged = [];
  let unexplained = 0, compared = 0, agreed = 0;
  for (const file of files) {
    let rows = rowsByFile.get(file);
    const recs = ct.byFile.get(path.join(opt.corpus, file)) ?? [];
    if (rows.length !== recs.length) {
      // chessops (which made the table) ends a game at a blank line inside movetext, so
      // "tags, blank line, comment, blank line, moves" became a 0-ply game plus a
      // tagless game (White/Black "?"). Drop such 0-ply fragments, as in the replay diff.
      rows = rows.filter((row, i) => {
        const next = rows[i + 1];
        const fragment = row.mainline_plies === '0' && next && next.white === '?' && next.black === '?' && next.mainline_plies !== '0';
        if (fragment) dropped.push(`${file} chessops game ${row.game}`);
        return !fragment;
      });
    }
    if (rows.length === 1 && rows[0].mainline_plies === '0' && recs.length > 1 && recs.every(r => r.plies === 0)) {
      // Tag sections with no movetext at all (tags, blank line, the next game's tags):
      // chessops merged them into one game, chesstool reads one game per section, as
      // python-chess and scalachess do. Every one of them must match that one row.
      merged.push(`${file} (${recs.length} sections)`);
      rows = recs.map(() => rows[0]);
    }
    if (rows.length !== recs.length) {
      problems.push({ detail: `${file}: chesstool ${recs.length} games, table ${rows.length}` });
      unexplained++;
      continue;
    }
    rows.forEach((row, i) => {
      const r = recs[i];
      compared++;
      const diffs = [];
      const mate = r.status === 'checkmate', stale = r.status === 'stalemate';
      if (String(mate) !== row.checkmate) diffs.push(`checkmate: chesstool ${mate} (status ${r.status}), chessops ${row.checkmate}`);
      if (String(stale) !== row.stalemate) diffs.push(`stalemate: chesstool ${stale} (status ${r.status}), chessops ${row.stalemate}`);
      // chesstool reports one status; insufficient material ranks after mate and stalemate.
      if (!mate && !stale && String(r.status === 'insufficient_material') !== row.insufficient_material)
        diffs.push(`insufficient material: chesstool status ${r.status}, chessops ${row.insufficient_material}`);
      if (String(r.plies) !== row.mainline_plies) diffs.push(`plies: chesstool ${r.plies}, chessops ${row.mainline_plies}`);
      // chessops' toSetup() caps the halfmove clock at 150 (the 75-move rule has ended the
      // game by then); chesstool writes the true count. Cap both before comparing.
      const clocks = fen => {
        const [half, full] = (fen ?? '').trim().split(/\s+/).slice(4);
        return `${Math.min(Number(half), 150)} ${full}`;
      };
      if (fenKey(r.final_fen) !== fenKey(row.final_fen) || clocks(r.final_fen) !== clocks(row.final_fen))
        diffs.push(`final FEN: chesstool "${r.final_fen}", chessops "${row.final_fen}"`);
      if (!diffs.length) return agreed++;
      unexplained++;
      problems.push({ detail: `${file} game ${r.game} (chessops game ${row.game}): ${diffs.join('; ')}` });
    });
  }
  console.log(`\nPart 2: corpus games vs expected/game-endings.chessops.tsv: ${files.length} files, ` +
    `${compared} games compared, ${agreed} agree`);
  if (dropped.length) console.log(`  chessops 0-ply fragments dropped: ${dropped.join('; ')}`);
  if (merged.length) console.log(`  tag sections without moves, merged into one game by chessops: ${merged.join('; ')}`);
  return { problems, unexplained };
}

// ---------------------------------------------------------------- main

const parts = [randomGames()];
if (!opt['no-corpus']) parts.push(corpusEndings());
const problems = parts.flatMap(p => p.problems);
const unexplained = parts.reduce((s, p) => s + p.unexplained, 0);
if (problems.length) {
  console.log('\nDisagreements:');
  for (const p of problems) console.log(`  ${p.reason ? 'ALLOWED' : 'UNEXPLAINED'} ${p.detail}${p.reason ? `\n      reason: ${p.reason}` : ''}`);
}
console.log(`\n${unexplained ? 'FAIL' : 'OK'}: ${unexplained} unexplained disagreement(s), ${problems.length - unexplained} allowed`);
process.exit(unexplained ? 1 : 0);
