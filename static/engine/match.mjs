// The game: turns, drawing, passing, the end of a hand, scores and the winner (match.py,
// RULES.md §2–§5). A Match takes entries as values (moves.mjs) and judges each; a broken rule
// throws RecordError. It also answers the questions a screen asks: whose turn (`turn`), where
// a tile may go and what each end would score (`endChoices`), what pips a player can still
// hold (`Hand.pipBounds`), whether a hand may be scored as told now (`canScoreHand`).

import { N_, RecordError, isDict, pyRepr } from "./errors.mjs";
import { END_NAMES, Layout } from "./layout.mjs";
import { MAX_HANDS } from "./limits.mjs";
import { Draw, Left, Pass, Play, ScoredHand, isEvent } from "./moves.mjs";
import { SCORED, Settlement, exact, neededPips, settle } from "./settlement.mjs";
import { HALVES, TILES, TOTAL_PIPS, halves } from "./tiles.mjs";

export const CANONICAL = new Map();
export const PIPS_OF = new Map();
for (const [name, [a, b]] of HALVES) {
  CANONICAL.set(name, `${Math.max(a, b)}-${Math.min(a, b)}`);
  PIPS_OF.set(name, a + b);
}

/** One end a tile may go on, and what laying it there would do. */
export const EndChoice = (end, value, count, points) => Object.freeze({ end, value, count, points });

const isTile = (tile) => typeof tile === "string" && HALVES.has(tile);
const sum = (numbers) => numbers.reduce((s, n) => s + n, 0);

/**
 * One hand: from the lead to a domino, a block or a win, and its settlement; or a hand scored
 * as told (`ended === "scored"`, `told` the points as told, no plays).
 */
export class Hand {
  constructor(match, number, leader = null) {
    const rules = match.rules;
    const players = match.players;
    this.match = match;
    this.players = players;
    this.number = number;
    this.leader = leader; // who must lead: the player who went out last hand, else anyone
    this.held = new Map(players.map((p) => [p, rules.hand_size]));
    this.seats = players.length;
    this.boneyard = 28 - players.length * rules.hand_size;
    this.layout = new Layout(rules.layout, rules.spinner_count);
    this.played = new Set();
    this.playedPips = 0;
    this.plays = []; // {player, tile, end, count, points} as in results
    this.playTerms = []; // each play's count explained (explain)
    this.turnIndex = null; // null until the lead
    this.passesInARow = 0;
    this.events = 0;
    this.ended = null; // "domino", "blocked", "win", "scored"
    this.wentOut = null;
    this.needsLeft = []; // whose pips the settlement needs, once the hand ends
    this.pipsLeft = new Map(); // raw pips per player, from `left`
    this.settlement = null;
    this.scores = []; // each side's total after this hand
    this.told = null; // a hand scored as told: its points as told
  }

  // -- what the screens ask -------------------------------------------------------------------

  get turn() {
    if (this.ended || this.turnIndex === null) return null;
    return this.match.players[this.turnIndex];
  }

  get tilesHeld() {
    return Object.fromEntries(this.held);
  }

  get canDraw() {
    return this.turnIndex !== null && !this.ended && this.drawable > 0;
  }

  get canPass() {
    return this.turnIndex !== null && !this.ended && this.drawable <= 0;
  }

  get drawable() {
    return this.boneyard - this.match.rules.boneyard_reserve;
  }

  get count() {
    return this.plays.length ? this.layout.count() : 0;
  }

  terms() {
    return this.plays.length ? this.layout.terms() : [];
  }

  openEnds() {
    return this.plays.length ? this.layout.openEnds() : [];
  }

  /** The ends a tile fits now: ["lead"] for any unplayed tile before the lead. */
  fits(tile) {
    if (this.ended || this.played.has(CANONICAL.get(tile) ?? tile)) return [];
    if (!this.plays.length) return ["lead"];
    return this.layout.fittingEnds(...halves(tile));
  }

  /** The ends worth asking about: `fits(tile)` without an end that makes the same game. */
  distinctEnds(tile) {
    const fits = this.fits(tile);
    if (fits.length < 2) return fits;
    return this.layout.distinctEnds(tile, ...halves(tile));
  }

  unplayed() {
    return TILES.filter((t) => !this.played.has(t));
  }

  layoutTiles() {
    return this.layout.placements();
  }

  /** The pips `player` can hold: from the lightest to the heaviest tiles not played. */
  pipBounds(player) {
    return this.bounds(player, this.unplayedWeights());
  }

  /** The pips of each tile not played in this hand, lightest first. */
  unplayedWeights() {
    return TILES.filter((t) => !this.played.has(t)).map((t) => PIPS_OF.get(t)).sort((x, y) => x - y);
  }

  bounds(player, weights) {
    const held = this.held.get(player);
    return held ? [sum(weights.slice(0, held)), sum(weights.slice(-held))] : [0, 0];
  }

  /** The hand was scored as told: no tiles, its settlement is what the players told. */
  get scored() {
    return this.ended === "scored";
  }

  get missingLeft() {
    return this.needsLeft.filter((p) => !this.pipsLeft.has(p));
  }

  // -- the events -----------------------------------------------------------------------------

  /** One play, draw or pass of this hand, judged; its player named. */
  apply(event) {
    if (event instanceof Play) {
      this.play(event.player, event.tile, event.end);
      return;
    }
    this.events += 1;
    try {
      this.applyEvent(event);
    } catch (error) {
      throw error instanceof RecordError ? error.located(this.number, this.events) : error;
    }
  }

  /** A tile laid, said by its parts: what `apply(new Play(tile, end, player))` does. */
  play(player, tile, end) {
    this.events += 1;
    try {
      if (this.ended === null && this.turnIndex !== null && player === this.players[this.turnIndex]) {
        this.playTile(player, tile, end);
      } else {
        this.applyEvent(new Play(tile, end, player));
      }
    } catch (error) {
      throw error instanceof RecordError ? error.located(this.number, this.events) : error;
    }
  }

  applyEvent(event) {
    const match = this.match;
    const player = event.player;
    if (typeof player !== "string" || !match.seat.has(player)) {
      throw new RecordError(N_("{player} is not a player in this match"), { player: pyRepr(player) });
    }
    this.checkNotOver();
    if (this.turnIndex === null) {
      this.lead(player, event);
      return;
    }
    const expected = match.players[this.turnIndex];
    if (player !== expected) {
      throw new RecordError(N_("it is {expected}'s turn, not {player}'s"), { expected, player });
    }
    if (event instanceof Play) this.playTile(player, event.tile, event.end);
    else if (event instanceof Draw) this.draw(player, event.tiles);
    else this.pass(player);
  }

  checkNotOver() {
    if (this.ended === "domino") {
      throw new RecordError(N_("the hand is over: {player} went out"), { player: this.wentOut });
    }
    if (this.ended === "blocked") throw new RecordError(N_("the hand is over: it is blocked"));
    if (this.ended === "win") {
      throw new RecordError(N_("the match is over: {side} won"), {
        side: this.match.sideName(this.match.winner),
      });
    }
  }

  lead(player, event) {
    const match = this.match;
    if (!(event instanceof Play)) {
      throw new RecordError(N_("the hand starts with a lead: {player} may lead any tile"), { player });
    }
    if (this.leader && player !== this.leader) {
      throw new RecordError(N_("{leader} went out last hand and must lead, not {player}"), {
        leader: this.leader,
        player,
      });
    }
    if (event.end !== null && event.end !== undefined) {
      throw new RecordError(N_("the lead is played without an end"));
    }
    const tile = event.tile;
    const [a, b] = halves(tile);
    this.turnIndex = match.seat.get(player);
    this.layout.lead(tile, a, b);
    this.afterPlay(player, tile, CANONICAL.get(tile), null);
  }

  playTile(player, tile, end) {
    const [a, b] = halves(tile);
    const name = CANONICAL.get(tile);
    if (this.played.has(name)) {
      throw new RecordError(N_("{tile} has already been played this hand"), { tile });
    }
    if (end !== null && end !== undefined && !END_NAMES.includes(end)) {
      throw new RecordError(N_("{end} is not an end: use left, right, up or down"), {
        end: pyRepr(end),
      });
    }
    end = this.layout.place(tile, a, b, end ?? null);
    this.afterPlay(player, tile, name, end);
  }

  /** What follows every play: the count, the points, a domino or a win, the next turn. */
  afterPlay(player, tile, name, end) {
    const match = this.match;
    this.played.add(name);
    this.playedPips += PIPS_OF.get(name);
    const held = this.held.get(player) - 1;
    this.held.set(player, held);
    this.passesInARow = 0;
    const count = this.layout.count();
    const points = count && !(count % 5) ? match.credit(player, count) : 0;
    this.plays.push({ player, tile, end, count, points });
    if (match.explain) this.playTerms.push(this.layout.terms());
    if (match.winner !== null) {
      this.ended = "win";
      this.wentOut = held === 0 ? player : null;
    } else if (held === 0) {
      this.end("domino", player);
    } else {
      this.turnIndex = (this.turnIndex + 1) % this.seats;
    }
  }

  draw(player, tiles) {
    if (!Number.isInteger(tiles) || tiles < 1) {
      throw new RecordError(N_("a draw takes a whole number of tiles, at least 1, not {n}"), {
        n: pyRepr(tiles),
      });
    }
    const drawable = this.drawable;
    if (drawable <= 0) {
      if (this.boneyard === 1) {
        throw new RecordError(
          N_("{player} cannot draw: the one tile left in the boneyard is kept back"),
          { player },
        );
      }
      if (this.boneyard) {
        throw new RecordError(
          N_("{player} cannot draw: the {n} tiles left in the boneyard are kept back"),
          { player, n: this.boneyard },
        );
      }
      throw new RecordError(N_("{player} cannot draw: the boneyard is empty"), { player });
    }
    if (tiles > drawable) {
      throw new RecordError(N_("{player} cannot draw {n}: only {left} can be drawn"), {
        player,
        n: tiles,
        left: drawable,
      });
    }
    this.boneyard -= tiles;
    this.held.set(player, this.held.get(player) + tiles);
  }

  pass(player) {
    const drawable = this.drawable;
    if (drawable > 0) this.refusePass(player, drawable);
    this.passesInARow += 1;
    if (this.passesInARow === this.match.players.length) this.end("blocked", null);
    else this.turnIndex = (this.turnIndex + 1) % this.match.players.length;
  }

  /** A pass while tiles can still be drawn: how many, and what the reserve keeps back. */
  refusePass(player, drawable) {
    const reserve = this.match.rules.boneyard_reserve;
    if (reserve) {
      if (drawable === 1) {
        throw new RecordError(
          N_(
            "{player} must draw: 1 tile can still be drawn (the boneyard holds " +
              "{total} and keeps {reserve} back)",
          ),
          { player, total: this.boneyard, reserve },
        );
      }
      throw new RecordError(
        N_(
          "{player} must draw: {n} tiles can still be drawn (the boneyard holds " +
            "{total} and keeps {reserve} back)",
        ),
        { player, n: drawable, total: this.boneyard, reserve },
      );
    }
    if (drawable === 1) {
      throw new RecordError(N_("{player} must draw: the boneyard still has 1 tile"), { player });
    }
    throw new RecordError(N_("{player} must draw: the boneyard still has {n} tiles"), {
      player,
      n: drawable,
    });
  }

  end(ended, wentOut) {
    const match = this.match;
    this.ended = ended;
    this.wentOut = wentOut;
    this.needsLeft = neededPips(match.rules, match.sides, ended, wentOut, this.held);
  }

  // -- settling -------------------------------------------------------------------------------

  applyLeft(left) {
    try {
      this.applyLeftChecked(left);
    } catch (error) {
      throw error instanceof RecordError ? error.located(this.number, "left") : error;
    }
  }

  /** The pips left, checked; they settle the hand once every pip the rules need is known. */
  applyLeftChecked(left) {
    if (!this.ended) {
      throw new RecordError(
        N_("the hand is still being played: the pips left are entered when it ends"),
      );
    }
    if (!isDict(left) && !(left instanceof Map)) {
      throw new RecordError(N_("left must map players to their tiles or pip totals"));
    }
    const pipsLeft = this.checkedLeft(left);
    if (this.ended === "win") return;
    this.pipsLeft = pipsLeft;
    if (!this.missingLeft.length) this.settlement = this.match.settle(this);
  }

  checkedLeft(left) {
    const pipsLeft = new Map();
    const listed = new Map(); // tile → the player whose list names it
    let totals = 0; // pips given as totals
    let listedPips = 0; // pips of the tiles given by name
    let weights = null; // the unplayed tiles' pips, once a total needs them
    for (const [player, given] of left instanceof Map ? left : Object.entries(left)) {
      if (!this.match.seat.has(player)) {
        throw new RecordError(N_("{player} is not a player in this match"), { player: pyRepr(player) });
      }
      let pips;
      if (Array.isArray(given)) {
        pips = this.listedPips(player, given, listed);
        listedPips += pips;
      } else if (Number.isInteger(given)) {
        weights = weights ?? this.unplayedWeights();
        pips = this.checkedTotal(player, given, weights);
        totals += pips;
      } else {
        throw new RecordError(
          N_("the pips left by {player} must be a list of tiles or a whole number"),
          { player },
        );
      }
      pipsLeft.set(player, pips);
    }
    const unplayed = TOTAL_PIPS - this.playedPips - listedPips;
    if (totals > unplayed) {
      throw new RecordError(
        N_("the pips left add up to more than the unplayed tiles hold ({pips})"),
        { pips: unplayed },
      );
    }
    return pipsLeft;
  }

  checkedTotal(player, pips, weights) {
    if (pips < 0) {
      throw new RecordError(
        N_(
          "a pip total is counted on the tiles in hand, so it cannot be negative: " +
            "{pips} for {player}",
        ),
        { pips, player },
      );
    }
    const [low, high] = this.bounds(player, weights);
    if (!(low <= pips && pips <= high)) {
      const held = this.held.get(player);
      if (held === 1) {
        throw new RecordError(
          N_("{player} holds 1 tile: their pips must be from {low} to {high}, not {pips}"),
          { player, low, high, pips },
        );
      }
      throw new RecordError(
        N_("{player} holds {n} tiles: their pips must be from {low} to {high}, not {pips}"),
        { player, n: held, low, high, pips },
      );
    }
    return pips;
  }

  listedPips(player, tiles, listed) {
    const held = this.held.get(player);
    if (tiles.length !== held) {
      if (held === 1) {
        throw new RecordError(N_("{player} holds 1 tile, not {given}"), { player, given: tiles.length });
      }
      throw new RecordError(N_("{player} holds {n} tiles, not {given}"), {
        player,
        n: held,
        given: tiles.length,
      });
    }
    let total = 0;
    for (const tile of tiles) {
      const [a, b] = halves(tile);
      const name = CANONICAL.get(tile);
      if (this.played.has(name)) {
        throw new RecordError(N_("{tile} was played this hand: {player} cannot hold it"), {
          tile,
          player,
        });
      }
      if (listed.has(name)) {
        const other = listed.get(name);
        if (other === player) {
          throw new RecordError(N_("{tile} is named twice in {player}'s hand"), { tile, player });
        }
        throw new RecordError(N_("{tile} cannot be in both {first}'s and {second}'s hands"), {
          tile,
          first: other,
          second: player,
        });
      }
      listed.set(name, player);
      total += a + b;
    }
    return total;
  }

  asResult() {
    return {
      plays: this.plays,
      ended: this.ended,
      went_out: this.wentOut,
      settlement: this.settlement ? this.settlement.changes : null,
      scores: [...this.scores],
    };
  }
}

/**
 * A whole match: its players, sides and rules, the hands so far, the scores and the winner.
 * It grows by one entry at a time (`enter`); `replay` (record.mjs) reads a record into one.
 */
export class Match {
  constructor(players, partnership, rules, explain = false) {
    this.explain = explain; // keep each play's count term by term (Hand.playTerms)
    this.record = null;
    this.players = players;
    this.partnership = partnership;
    this.seat = new Map(players.map((p, i) => [p, i]));
    this.sides = partnership ? [[players[0], players[2]], [players[1], players[3]]] : players.map((p) => [p]);
    this.sideOf = new Map();
    this.sides.forEach((side, i) => side.forEach((p) => this.sideOf.set(p, i)));
    this.rules = rules;
    this.scores = this.sides.map(() => 0);
    this.winner = null;
    this.hands = [];
  }

  /** Takes over the settled hands of another replay of the same match, as they are. */
  resume(hands) {
    this.hands = [...hands];
    if (hands.length) {
      this.scores = [...hands[hands.length - 1].scores];
      this.checkTarget();
    }
  }

  sideName(side) {
    return this.sides[side].join(" + ");
  }

  /** Hand `number` may begin: the match is not over, the hand before it is settled. */
  checkCanBegin(number) {
    const previous = this.hands.length ? this.hands[this.hands.length - 1] : null;
    if (this.winner !== null) {
      throw new RecordError(N_("the match is over: {side} won"), {
        side: this.sideName(this.winner),
        hand: number,
      });
    }
    if (previous && !previous.ended) {
      throw new RecordError(N_("hand {previous} has not ended"), {
        previous: previous.number,
        hand: number,
      });
    }
    if (previous && previous.settlement === null) {
      throw new RecordError(N_("the pips left by {players} are needed to settle the hand"), {
        players: previous.missingLeft.join(" and "),
        hand: previous.number,
        event: "left",
      });
    }
    if (number > MAX_HANDS) {
      throw new RecordError(N_("a match has at most {limit} hands, not {n}"), {
        limit: MAX_HANDS,
        n: number,
        hand: number,
      });
    }
  }

  beginHand() {
    const number = this.hands.length + 1;
    this.checkCanBegin(number);
    const hand = new Hand(this, number, this.nextLeader);
    this.hands.push(hand);
    return hand;
  }

  // -- entering -------------------------------------------------------------------------------

  /**
   * The entry as the record will hold it: whose turn it is filled in (`leader`: the player
   * chosen to lead when the rules leave it open) and, when every end the tile fits makes the
   * same game, where it goes. Anything else is left for `enter` to judge.
   */
  completed(entry, leader = null) {
    if (!isEvent(entry)) return entry;
    if (entry.player === null || entry.player === undefined) {
      const player = this.turn(leader);
      if (player === null) throw this.noTurn();
      entry = entry.replace({ player });
    }
    if (entry instanceof Play && (entry.end === null || entry.end === undefined) && this.phase === "play") {
      const tile = entry.tile;
      const hand = this.hands[this.hands.length - 1];
      if (isTile(tile) && entry.player === hand.turn) {
        const distinct = hand.distinctEnds(tile);
        if (distinct.length === 1 && hand.fits(tile).length > 1) entry = entry.replace({ end: distinct[0] });
      }
    }
    return entry;
  }

  noTurn() {
    const phase = this.phase;
    if (phase === "over") {
      return new RecordError(N_("the match is over: {side} won"), { side: this.sideName(this.winner) });
    }
    if (phase === "settle") {
      return new RecordError(N_("the hand is over: enter the pips left by {players} first"), {
        players: this.hands[this.hands.length - 1].missingLeft.join(" and "),
      });
    }
    return new RecordError(N_("who leads hand {n}? Name the player who leads"), {
      n: this.hands.length + 1,
    });
  }

  /**
   * Applies one more entry: a play, draw or pass (the lead of a new hand after a settled one),
   * the tiles left at the end of a hand, or a hand scored as told before a lead. The match is
   * not usable after a refused entry: replay the record again.
   */
  enter(entry) {
    if (entry instanceof ScoredHand) {
      this.enterScored(entry);
      return;
    }
    const phase = this.phase;
    let hand;
    if (entry instanceof Left) {
      if (phase !== "settle") throw new RecordError(N_("there is no ended hand to settle"));
      hand = this.hands[this.hands.length - 1];
      hand.applyLeft(entry.left);
    } else if (!isEvent(entry)) {
      throw new RecordError(N_("an entry must be an event or the pips left"));
    } else if (phase === "over") {
      throw new RecordError(N_("the match is over: {side} won"), { side: this.sideName(this.winner) });
    } else if (phase === "settle") {
      throw new RecordError(N_("the hand is over: enter the pips left by {players} first"), {
        players: this.hands[this.hands.length - 1].missingLeft.join(" and "),
      });
    } else {
      hand = phase === "lead" ? this.beginHand() : this.hands[this.hands.length - 1];
      hand.apply(entry);
    }
    hand.scores = [...this.scores];
  }

  /** A hand scored as told, entered in place of the next hand's tiles. */
  enterScored(told) {
    const phase = this.phase;
    if (phase === "over") {
      throw new RecordError(N_("the match is over: {side} won"), { side: this.sideName(this.winner) });
    }
    if (phase === "settle") {
      throw new RecordError(N_("the hand is over: enter the pips left by {players} first"), {
        players: this.hands[this.hands.length - 1].missingLeft.join(" and "),
      });
    }
    if (phase === "play") {
      throw new RecordError(
        N_("hand {n} has begun: a hand can be scored as told only before its lead"),
        { n: this.hands.length },
      );
    }
    this.scoreHand(told);
  }

  // -- scoring --------------------------------------------------------------------------------

  /** What a count scores for a side: a non-zero multiple of 5, in the rules' unit. */
  pointsFor(side, count) {
    if (count === 0 || count % 5) return 0;
    const rules = this.rules;
    const points = rules.score_unit === "fives" ? Math.floor(count / 5) : count;
    if (rules.exact_target && this.scores[side] + points > rules.target) return 0;
    return points;
  }

  /** Scores a count for the player's side; under `win_check: immediate` it may win. */
  credit(player, count) {
    const side = this.sideOf.get(player);
    const points = this.pointsFor(side, count);
    if (!points) return 0;
    const scores = this.scores;
    scores[side] += points;
    if (
      this.rules.win_check === "immediate" &&
      scores[side] >= this.rules.target &&
      scores.every((score, i) => i === side || score < scores[side])
    ) {
      this.winner = side;
    }
    return points;
  }

  /** Settles an ended hand; the highest score at or over the target then wins. */
  settle(hand) {
    const rules = this.rules;
    const needed = Object.fromEntries(hand.needsLeft.map((p) => [p, hand.pipsLeft.get(p)]));
    const settlement = settle(rules, this.sides, this.sideOf, hand.ended, hand.wentOut, needed);
    settlement.changes.forEach((change, side) => {
      if (change > 0 && rules.exact_target && this.scores[side] + change > rules.target) {
        settlement.changes[side] = 0;
        settlement.refused.push(side);
      }
      this.scores[side] += settlement.changes[side];
    });
    this.checkTarget();
    return settlement;
  }

  /** The highest score at or over the target wins; a tie at the top plays on. */
  checkTarget() {
    const best = Math.max(...this.scores);
    if (best >= this.rules.target && this.scores.filter((s) => s === best).length === 1) {
      this.winner = this.scores.indexOf(best);
    }
  }

  /** Credits a hand scored as told (RULES.md §5) as a new hand, then checks the target. */
  scoreHand(told) {
    const hand = this.beginHand();
    let changes;
    try {
      changes = this.toldChanges(told);
    } catch (error) {
      throw error instanceof RecordError ? error.located(hand.number, null) : error;
    }
    hand.ended = "scored";
    hand.told = told;
    hand.settlement = new Settlement(changes, {}, [], SCORED);
    changes.forEach((change, side) => {
      this.scores[side] += change;
    });
    this.checkTarget();
    hand.scores = [...this.scores];
  }

  /** Each side's change: its players' points added up (halves only where a split gives them). */
  toldChanges(told) {
    let changes = this.sides.map(() => 0);
    const halfPoints = this.halfPoints;
    for (const [player, points] of told.points) {
      if (!this.seat.has(player)) {
        throw new RecordError(N_("{player} is not a player in this match"), { player: pyRepr(player) });
      }
      if (!halfPoints && !Number.isInteger(points)) {
        throw new RecordError(
          N_(
            "the points of {player} must be a whole number: only a three-player " +
              "split scores halves, not {points}",
          ),
          { player, points },
        );
      }
      changes[this.sideOf.get(player)] += points;
    }
    changes = changes.map(exact);
    const target = this.rules.target;
    if (this.rules.exact_target) {
      changes.forEach((change, side) => {
        if (change > 0 && this.scores[side] + change > target) {
          throw new RecordError(
            N_("{side} would pass the target of {target} with {score}: only landing on it counts"),
            { side: this.sideName(side), target, score: exact(this.scores[side] + change) },
          );
        }
      });
    }
    return changes;
  }

  // -- what the screens ask -------------------------------------------------------------------

  /** A hand may be scored as told now: the next hand has not begun and the match is not over. */
  get canScoreHand() {
    return this.phase === "lead";
  }

  /** Only the three-player split (`block_tie: split` with three sides) scores halves. */
  get halfPoints() {
    return this.sides.length === 3 && this.rules.block_tie === "split";
  }

  /** A hand scored as told from each side's points (in the order of `sides`), checked. */
  toldBySide(points, notes = null) {
    if (points.length !== this.sides.length) {
      throw new RecordError(N_("points must map players to the points each scored"));
    }
    const named = Object.fromEntries(
      points.map((p, i) => [this.sides[i][0], p]).filter(([, p]) => p !== 0),
    );
    return ScoredHand.read({ points: named, notes });
  }

  /** "lead" (a hand waits for its lead), "play", "settle" (pips left needed) or "over". */
  get phase() {
    if (this.winner !== null) return "over";
    if (!this.hands.length) return "lead";
    const last = this.hands[this.hands.length - 1];
    if (!last.ended) return "play";
    return last.settlement === null ? "settle" : "lead";
  }

  /** Who must lead the next hand: the player who went out; null when it is by lot. */
  get nextLeader() {
    if (this.phase !== "lead" || !this.hands.length) return null;
    const last = this.hands[this.hands.length - 1];
    return last.ended === "domino" ? last.wentOut : null;
  }

  /**
   * Whose turn it is. Before a lead: the player who must lead, else `leader` (null: not chosen
   * yet). null while a hand waits for its pips left, and once the match is over.
   */
  turn(leader = null) {
    const phase = this.phase;
    if (phase === "lead") return this.nextLeader || (this.seat.has(leader) ? leader : null);
    return phase === "play" ? this.hands[this.hands.length - 1].turn : null;
  }

  /** The hand being played, being settled, or (in the lead phase) about to start. */
  get hand() {
    if (this.phase === "lead") return new Hand(this, this.hands.length + 1, this.nextLeader);
    return this.hands[this.hands.length - 1];
  }

  /** The ends worth asking about for a tile, each with what it would count and score. */
  endChoices(tile) {
    if (this.phase !== "play" || !isTile(tile)) return [];
    const hand = this.hands[this.hands.length - 1];
    const side = this.sideOf.get(hand.turn);
    const [a, b] = HALVES.get(tile);
    return hand.distinctEnds(tile).map((end) => {
      const count = hand.layout.tried(tile, a, b, end).count();
      const value = hand.layout.ends.get(end).value;
      return EndChoice(end, value, count, this.pointsFor(side, count));
    });
  }

  result() {
    return {
      format: "allfives-result/1",
      sides: this.sides.map((side) => [...side]),
      hands: this.hands.map((hand) => hand.asResult()),
      scores: [...this.scores],
      winner: this.winner,
    };
  }
}
