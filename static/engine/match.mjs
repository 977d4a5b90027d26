// The match: its hands in order, the scores, the target and the winner (match.py, RULES.md
// §2–§7); a hand's turns, plays and settlement are hand.mjs's. A Match takes entries as values
// (moves.mjs) and judges each; a broken rule throws RecordError.
//
// A Match is a value: `enter(match, entry)` (or `match.enter(entry)`) gives the match after the
// entry and leaves `match` as it was; the entry is judged on a MatchBuilder, a copy that may
// change, made a value again once it is in (`frozen()`). A replay builds a whole record on one
// builder (record.mjs).
//
// It also answers the questions a screen asks: whose turn (`turn`), where a tile may go and
// what each end would score (`endChoices`), what pips a player can still hold
// (`Hand.pipBounds`), whether a hand may be scored as told now (`canScoreHand`).

import { N_, Names, RecordError, pyRepr } from "./errors.mjs";
import { Hand, HandBuilder, ScoredPlay } from "./hand.mjs";
import { MAX_HANDS } from "./limits.mjs";
import { Left, Play, ScoredHand, isEvent } from "./moves.mjs";
import { SCORED, Settlement, exact, settle } from "./settlement.mjs";
import { Setup } from "./setup.mjs";
import { HALVES } from "./tiles.mjs";
import { made } from "./values.mjs";

/** One end a tile may go on, and what laying it there would do. */
export const EndChoice = (end, value, count, points) => Object.freeze({ end, value, count, points });

const isTile = (tile) => typeof tile === "string" && HALVES.has(tile);

/**
 * A whole match: its players, sides and rules (`setup`, its parts kept as they are too: read at
 * every play), the hands so far, the scores and the winner. `record`: the record it was
 * replayed from, when it was (`replay`, record.mjs); the caller's JSON, beside the value.
 */
export class Match {
  /** The match before its first hand (a MatchBuilder sets its own fields). */
  constructor(players, partnership, rules, explain = false) {
    if (new.target !== Match) return;
    const setup = Setup.of(players, partnership, rules, explain);
    setFields(this, setup, Object.freeze(setup.sides.map(() => 0)), null, Object.freeze([]), null);
    Object.freeze(this);
  }

  /**
   * The match after one more entry, as `addEntry` appends it to the record: a play, draw or pass
   * (the lead of a new hand after a settled one), the tiles left at the end of a hand, or a
   * hand scored as told before a lead. This match stays as it is, refused or not (RecordError).
   */
  enter(entry) {
    const building = this.building();
    building.apply(entry);
    return building.frozen();
  }

  /** A builder that goes on from this match (which stays as it is). */
  building() {
    const hands = [...this.hands];
    const building = new MatchBuilder(this.setup, [...this.scores], this.winner, hands);
    const phase = building.phase;
    if (hands.length && (phase === "play" || phase === "settle")) {
      hands[hands.length - 1] = hands[hands.length - 1].building(building);
    }
    return building;
  }

  /** The same match, replayed from `record`. */
  withRecord(record) {
    return made(Match, { ...this, record });
  }

  /** A side's players, as a value a message carries ("Ann + Cy" in English). */
  sideName(side) {
    return new Names(this.sides[side], "+");
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
        players: new Names(previous.missingLeft),
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
        players: new Names(this.hands[this.hands.length - 1].missingLeft),
      });
    }
    return new RecordError(N_("who leads hand {n}? Name the player who leads"), {
      n: this.hands.length + 1,
    });
  }

  // -- scoring --------------------------------------------------------------------------------

  /**
   * What a count scores (`count_scoring`): under `fives` a non-zero multiple of 5, in the rules'
   * unit; under `fives_and_threes` count ÷ 3 for a multiple of 3 plus count ÷ 5 for a multiple
   * of 5 (15 scores 5 + 3 = 8).
   */
  countPoints(count) {
    if (count === 0) return 0;
    const rules = this.rules;
    if (rules.count_scoring === "fives_and_threes") {
      return (count % 3 ? 0 : Math.floor(count / 3)) + (count % 5 ? 0 : Math.floor(count / 5));
    }
    if (count % 5) return 0;
    return rules.score_unit === "fives" ? Math.floor(count / 5) : count;
  }

  /**
   * What a play with `count` would score for `side`, and its bonus when it goes out under
   * `chip_out`: a lead that would reach the target scores nothing under `lead_can_win: false`;
   * under `exact_target` a play (with its bonus) that would pass the target scores nothing.
   */
  playPoints(side, count, lead, chipsOut) {
    const rules = this.rules;
    const score = this.scores[side];
    const target = rules.target;
    let points = this.countPoints(count);
    const noWinOnLead = lead && !rules.lead_can_win;
    if (noWinOnLead && score + points >= target) points = 0;
    const bonus = chipsOut ? rules.go_bonus : 0;
    if (rules.exact_target && score + points + bonus > target) return ScoredPlay(0, 0, bonus > 0);
    if (bonus && noWinOnLead && score + points + bonus >= target) return ScoredPlay(points, 0, true);
    return ScoredPlay(points, bonus);
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
      const landed = [];
      changes.forEach((change, i) => {
        if (this.scores[i] + change === target) landed.push(i);
      });
      if (landed.length > 1) {
        throw new RecordError(
          N_(
            "{sides} would all be on the target of {target}, and then nobody could " +
              "score again: only the side that got there first lands on it",
          ),
          { sides: new Names(landed.map((i) => this.sideName(i))), target },
        );
      }
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

  /**
   * Who must lead the next hand (`next_lead`): the player who went out, or under `rotate` the
   * player after the one who led the hand before; null when it is free (by lot, after a block
   * or a hand scored as told).
   */
  get nextLeader() {
    if (this.phase !== "lead" || !this.hands.length) return null;
    const last = this.hands[this.hands.length - 1];
    if (this.rules.next_lead === "rotate") {
      const led = last.leaderPlayed;
      return led === null ? null : this.players[(this.seat.get(led) + 1) % this.players.length];
    }
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
    if (this.phase === "lead") return Hand.fresh(this.setup, this.hands.length + 1, this.nextLeader);
    return this.hands[this.hands.length - 1];
  }

  /** The ends worth asking about for a tile, each with what it would count and score. */
  endChoices(tile) {
    if (this.phase !== "play" || !isTile(tile)) return [];
    const hand = this.hands[this.hands.length - 1];
    const side = this.sideOf.get(hand.turn);
    const [a, b] = HALVES.get(tile);
    const player = hand.turn;
    const last = hand.held.get(player) === 1;
    const chipsOut = last && this.rules.hand_end === "chip_out" && partnersOut(hand, player);
    return hand.distinctEnds(tile).map((end) => {
      const count = hand.layout.tried(tile, a, b, end).count();
      const value = hand.layout.ends.get(end).value;
      return EndChoice(end, value, count, this.playPoints(side, count, false, chipsOut).points);
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

/** Whether everyone else on `player`'s side is out (always, under `go_out: player`). */
function partnersOut(hand, player) {
  const setup = hand.setup;
  if (setup.rules.go_out === "player") return true;
  const side = setup.sides[setup.sideOf.get(player)];
  return side.every((p) => p === player || hand.held.get(p) === 0);
}

/**
 * A match an entry (or, in a replay, a whole record) is being judged on: its scores and its
 * hands are arrays, its last hand may be a HandBuilder.
 */
export class MatchBuilder extends Match {
  constructor(setup, scores, winner, hands) {
    super();
    setFields(this, setup, scores, winner, hands, null);
  }

  static start(setup) {
    return new MatchBuilder(setup, setup.sides.map(() => 0), null, []);
  }

  /** The match as it stands now, as a value (`record`: the one it was replayed from). */
  frozen(record = null) {
    const hands = this.hands;
    const last = hands.length - 1;
    if (last >= 0 && hands[last] instanceof HandBuilder) hands[last] = hands[last].frozen();
    return made(Match, { ...this, scores: Object.freeze(this.scores), hands: Object.freeze(hands), record });
  }

  /** Takes over the settled hands of another replay of the same match, as they are. */
  resume(hands) {
    this.hands = [...hands];
    if (hands.length) {
      this.scores = [...hands[hands.length - 1].scores];
      this.checkTarget();
    }
  }

  beginHand() {
    const number = this.hands.length + 1;
    this.checkCanBegin(number);
    const hand = new HandBuilder(this.setup, this, number, this.nextLeader);
    this.hands.push(hand);
    return hand;
  }

  /** One more entry, judged (`Match.enter`). */
  apply(entry) {
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
        players: new Names(this.hands[this.hands.length - 1].missingLeft),
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
        players: new Names(this.hands[this.hands.length - 1].missingLeft),
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

  /** Scores a play (and the bonus for going out with it) for the player's side. */
  scorePlay(player, count, lead, chipsOut) {
    if (!chipsOut && count % 5 && (count % 3 || this.rules.count_scoring === "fives")) {
      return NOTHING; // most plays: a count that scores nothing, no bonus to weigh
    }
    const side = this.sideOf.get(player);
    const scored = this.playPoints(side, count, lead, chipsOut);
    if (scored.points || scored.bonus) this.credit(side, scored.points + scored.bonus);
    return scored;
  }

  /**
   * Adds points to a side. Under `win_check: immediate` the side wins once it is at or over
   * the target with the highest score (two sides tied at the top play on).
   */
  credit(side, points) {
    const scores = this.scores;
    scores[side] += points;
    if (
      this.rules.win_check === "immediate" &&
      scores[side] >= this.rules.target &&
      scores.every((score, i) => i === side || score < scores[side])
    ) {
      this.winner = side;
    }
  }

  /** A hand settled with its last play (chip_out): under `end_of_hand` the target is checked. */
  checkTargetAfterSettlement() {
    if (this.rules.win_check === "end_of_hand") this.checkTarget();
  }

  /** Settles an ended hand; the highest score at or over the target then wins. */
  settle(hand) {
    const rules = this.rules;
    const needed = Object.fromEntries(hand.needsLeft.map((p) => [p, hand.pipsLeft.get(p)]));
    const settlement = settle(rules, this.sides, this.sideOf, hand.ended, hand.wentOut, needed);
    const changes = [...settlement.changes];
    const refused = [];
    changes.forEach((change, side) => {
      if (change > 0 && rules.exact_target && this.scores[side] + change > rules.target) {
        changes[side] = 0;
        refused.push(side);
      }
      this.scores[side] += changes[side];
    });
    this.checkTarget();
    if (!refused.length) return settlement;
    const { pips, winners, rule } = settlement;
    return new Settlement(changes, pips, winners, rule, { ...settlement, refused });
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
    this.hands[this.hands.length - 1] = hand.frozen();
  }
}

const NOTHING = ScoredPlay(0);

/** The match after `entry` (`Match.enter`); `match` stays as it is. */
export const enter = (match, entry) => match.enter(entry);

/** Sets a match's fields, the one time they are set (a builder's, as it starts). */
function setFields(match, setup, scores, winner, hands, record) {
  Object.assign(match, setup);
  match.setup = setup;
  match.scores = scores;
  match.winner = winner;
  match.hands = hands;
  match.record = record;
}
