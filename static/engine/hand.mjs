// One hand of a match (hand.py, RULES.md §2, §3, §7): the lead, the plays, draws and passes
// (knocks), the turn, a domino or a block, the pips left and the settlement.
//
// A Hand is a value: it knows who plays and under which rules (`setup`), not the match it is
// part of. Its entries are judged on a HandBuilder, made by the match being entered
// (MatchBuilder, match.mjs, which keeps the scores and the winner); the hand they leave is a new
// value (`frozen()`).

import { N_, RecordError, isDict, pyRepr } from "./errors.mjs";
import { END_NAMES, LayoutBuilder } from "./layout.mjs";
import { Draw, Play } from "./moves.mjs";
import { chippedOut, neededPips } from "./settlement.mjs";
import { HALVES, TILES, TOTAL_PIPS, halves } from "./tiles.mjs";
import { FrozenMap, FrozenSet, frozenAs } from "./values.mjs";

export const CANONICAL = new Map();
export const PIPS_OF = new Map();
for (const [name, [a, b]] of HALVES) {
  CANONICAL.set(name, `${Math.max(a, b)}-${Math.min(a, b)}`);
  PIPS_OF.set(name, a + b);
}

/**
 * What one play scored: its points, the bonus for going out credited with it, and whether an
 * exact target (or `lead_can_win: false`) refused that bonus.
 */
export const ScoredPlay = (points, bonus = 0, bonusRefused = false) =>
  Object.freeze({ points, bonus, bonusRefused });

const sum = (numbers) => numbers.reduce((s, n) => s + n, 0);

/**
 * One hand: from the lead to a domino, a block or a win, and its settlement; or a hand scored
 * as told (`ended === "scored"`, `told` the points as told, no plays). Its fields are FIELDS.
 */
export class Hand {
  /** Hand `number` before its lead. */
  static fresh(setup, number, leader = null) {
    return new HandBuilder(setup, null, number, leader).frozen();
  }

  /** A builder that goes on from this hand (which stays as it is), in `match`. */
  building(match) {
    const hand = Object.create(HandBuilder.prototype);
    for (const name of KEPT) hand[name] = this[name];
    hand.match = match;
    hand.held = new Map(this.held);
    hand.layout = this.layout.building();
    hand.played = new Set(this.played);
    hand.plays = [...this.plays];
    hand.playTerms = [...this.playTerms];
    hand.needsLeft = [...this.needsLeft];
    hand.pipsLeft = new Map(this.pipsLeft);
    return hand;
  }

  // -- what the screens ask -------------------------------------------------------------------

  get turn() {
    if (this.ended || this.turnIndex === null) return null;
    return this.players[this.turnIndex];
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
    const rules = this.setup.rules;
    if (rules.boneyard === "sleeping") return 0;
    return this.boneyard - rules.boneyard_reserve;
  }

  /** Who led this hand (null before its lead, and for a hand scored as told). */
  get leaderPlayed() {
    return this.plays.length ? this.plays[0].player : null;
  }

  /**
   * Whether `player`'s play of their last tile ends the hand: under `go_out: player` it does;
   * under `go_out: side` only once their partner is out too.
   */
  sideOut(player) {
    const setup = this.setup;
    if (setup.rules.go_out === "player") return this.held.get(player) === 0;
    return setup.sides[setup.sideOf.get(player)].every((p) => this.held.get(p) === 0);
  }

  /** How many players still hold tiles (a player who is out is passed over). */
  get holding() {
    let holding = 0;
    for (const held of this.held.values()) if (held) holding += 1;
    return holding;
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

  asResult() {
    return {
      plays: [...this.plays],
      ended: this.ended,
      went_out: this.wentOut,
      settlement: this.settlement ? this.settlement.changes : null,
      scores: [...this.scores],
    };
  }
}

/**
 * A hand's fields: `setup`, `players` (setup.players, read at every turn), `seats`, `number`,
 * `leader` (who must lead: the player who went out last hand, else anyone), `held` (player →
 * how many tiles they hold), `boneyard`, `layout`, `played` (the tiles played, by their usual
 * names), `playedPips`, `plays` (each play as results hold it: {player, tile, end, count,
 * points}), `playTerms` (each play's count explained, under explain), `turnIndex` (null until
 * the lead), `passesInARow`, `events`, `ended` (null, "domino", "blocked", "win", "scored"),
 * `wentOut`, `needsLeft` (whose pips the settlement needs, once the hand ends), `pipsLeft` (raw
 * pips per player, from `left`), `settlement`, `scores` (each side's total after this hand),
 * `told` (a hand scored as told: its points as told).
 */
const FIELDS = [
  "setup",
  "players",
  "seats",
  "number",
  "leader",
  "held",
  "boneyard",
  "layout",
  "played",
  "playedPips",
  "plays",
  "playTerms",
  "turnIndex",
  "passesInARow",
  "events",
  "ended",
  "wentOut",
  "needsLeft",
  "pipsLeft",
  "settlement",
  "scores",
  "told",
];
// The fields a builder holds as they are in a value; the others are copied as they change.
const COPIED = ["held", "layout", "played", "plays", "playTerms", "needsLeft", "pipsLeft", "scores"];
const KEPT = FIELDS.filter((name) => !COPIED.includes(name));

/** A hand whose entries are being judged, inside the match being entered (`match`). */
export class HandBuilder extends Hand {
  /** Hand `number` before its lead, in `match`. */
  constructor(setup, match, number, leader) {
    super();
    const rules = setup.rules;
    const players = setup.players;
    this.setup = setup;
    this.match = match;
    this.players = players;
    this.seats = players.length;
    this.number = number;
    this.leader = leader;
    this.held = new Map(players.map((p) => [p, rules.hand_size]));
    this.boneyard = 28 - players.length * rules.hand_size;
    this.layout = new LayoutBuilder(rules.layout, rules.spinner_count);
    this.played = new Set();
    this.playedPips = 0;
    this.plays = [];
    this.playTerms = [];
    this.turnIndex = null;
    this.passesInARow = 0;
    this.events = 0;
    this.ended = null;
    this.wentOut = null;
    this.needsLeft = [];
    this.pipsLeft = new Map();
    this.settlement = null;
    this.scores = [];
    this.told = null;
  }

  /** The hand as it stands now, as a value: this builder's parts become its (and it is done). */
  frozen() {
    const hand = Object.create(Hand.prototype);
    for (const name of KEPT) hand[name] = this[name];
    hand.held = frozenAs(FrozenMap, this.held);
    hand.layout = this.layout.frozen();
    hand.played = frozenAs(FrozenSet, this.played);
    hand.plays = Object.freeze(this.plays);
    hand.playTerms = Object.freeze(this.playTerms);
    hand.needsLeft = Object.freeze(this.needsLeft);
    hand.pipsLeft = frozenAs(FrozenMap, this.pipsLeft);
    hand.scores = Object.freeze(this.scores);
    return Object.freeze(hand);
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
      if (match.rules.next_lead === "rotate") {
        throw new RecordError(N_("the lead passes round: {leader} leads this hand"), {
          leader: this.leader,
        });
      }
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
    this.afterPlay(player, tile, CANONICAL.get(tile), null, true);
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
  afterPlay(player, tile, name, end, lead = false) {
    const match = this.match;
    this.played.add(name);
    this.playedPips += PIPS_OF.get(name);
    const held = this.held.get(player) - 1;
    this.held.set(player, held);
    this.passesInARow = 0;
    const count = this.layout.count();
    const out = held === 0 && this.sideOut(player);
    const chipsOut = out && match.rules.hand_end === "chip_out";
    const scored = match.scorePlay(player, count, lead, chipsOut);
    this.plays.push(Object.freeze({ player, tile, end, count, points: scored.points }));
    if (match.explain) this.playTerms.push(Object.freeze(this.layout.terms()));
    if (chipsOut) {
      this.end("domino", player, scored); // going out ends the hand, even when it wins the match
    } else if (match.winner !== null) {
      this.ended = "win";
      this.wentOut = out ? player : null;
    } else if (out) {
      this.end("domino", player);
    } else {
      this.nextTurn();
    }
  }

  /** The turn passes to the next player who still holds tiles. */
  nextTurn() {
    const players = this.players;
    let index = (this.turnIndex + 1) % this.seats;
    while (!this.held.get(players[index])) index = (index + 1) % this.seats;
    this.turnIndex = index;
  }

  draw(player, tiles) {
    if (this.match.rules.boneyard === "sleeping") {
      throw new RecordError(N_("there is no drawing: the tiles not dealt are out of play"));
    }
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
    if (this.passesInARow === this.holding) this.end("blocked", null);
    else this.nextTurn();
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

  end(ended, wentOut, scored = null) {
    const match = this.match;
    this.ended = ended;
    this.wentOut = wentOut;
    if (match.rules.hand_end === "chip_out") {
      // No pips are counted: settled at once.
      this.settlement = chippedOut(match.sides, match.sideOf, wentOut, scored);
      match.checkTargetAfterSettlement();
    } else {
      this.needsLeft = neededPips(match.rules, match.sides, ended, wentOut, this.held);
    }
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
    if (this.ended === "win" || this.settlement !== null) return;
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
}
