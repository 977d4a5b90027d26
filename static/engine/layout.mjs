// The layout on the table: its open ends and what they count (layout.py, RULES.md §1).
//
// Ends are `left` and `right` (the main line; the lead a-b lies with a on the left) and `up`
// and `down` (the spinner's arms). How each end counts is explained in layout.py.

import { N_, RecordError, pyRepr } from "./errors.mjs";
import { FrozenMap, made } from "./values.mjs";

export const END_NAMES = Object.freeze(["left", "right", "up", "down"]);

/**
 * An open end: the value a tile must match there, and the tile that shows it (null on a spinner
 * arm no tile has been laid on yet); `double`: a crosswise double is the last tile here;
 * `spinner`: the spinner itself is.
 */
const End = (name, value, tile, double, spinner) => Object.freeze({ name, value, tile, double, spinner });

/**
 * An open end of a layout tiles are still being laid on: the same fields as `End`, changed in
 * place as each tile is laid there (no new value at every play).
 */
class EndBuilder {
  constructor(name, value, tile, double, spinner) {
    this.name = name;
    this.value = value;
    this.tile = tile;
    this.double = double;
    this.spinner = spinner;
  }
}

const growing = (ends) => {
  const grown = new Map();
  for (const [n, e] of ends) grown.set(n, new EndBuilder(e.name, e.value, e.tile, e.double, e.spinner));
  return grown;
};

export const OpenEnd = (name, value, double) => Object.freeze({ name, value, double });

/** Ends and their values inside a message: "left 6, right 1"; `ends` as [name, value] pairs. */
export class EndList {
  constructor(ends, joiner) {
    this.ends = ends;
    this.joiner = joiner;
  }

  toString() {
    return this.ends.map(([name, value]) => `${name} ${value}`).join(this.joiner);
  }
}

/** One end's part of the count: `6-6 at right = 12`, `3 at left = 3`, `5-5 = 10`. */
export class Term {
  constructor(end, tile, value) {
    this.end = end; // null: a lone double or spinner that shows at both ends
    this.tile = tile;
    this.value = value;
    Object.freeze(this);
  }

  toString() {
    return this.end ? `${this.tile} at ${this.end} = ${this.value}` : `${this.tile} = ${this.value}`;
  }
}

/** A tile as it lies, for drawing: on which arm, how far out, which half faces out. */
export const Placed = (tile, arm, position, inner, outer, double, spinner) =>
  Object.freeze({ tile, arm, position, inner, outer, double, spinner });

/**
 * The tiles played in one hand and the open ends they leave, as a value; a hand lays its tiles
 * on a `LayoutBuilder` and keeps the layout it leaves (`frozen()`). Its fields: `spinnerLayout`
 * (the first double played becomes the spinner), `sniff` (spinner_count: sniff_exposed),
 * `ends` (name → End), `spinnerValue` (null until there is a spinner), `spinnerArms` (how many
 * of the spinner's four sides have a tile against them), `placed` ([tile, end, inner, outer,
 * double, spinner], in order).
 */
export class Layout {
  /** A builder that starts from this layout (which stays as it is). */
  building() {
    return builder(this, [...this.placed]);
  }

  fittingEnds(a, b) {
    const fits = [];
    for (const end of this.ends.values()) if (end.value === a || end.value === b) fits.push(end.name);
    return fits;
  }

  /** The ends a tile fits, keeping only the first of those that make the same game. */
  distinctEnds(tile, a, b) {
    const fits = this.fittingEnds(a, b);
    if (fits.length < 2) return fits;
    const kept = [];
    const games = new Set();
    for (const name of fits) {
      const game = this.tried(tile, a, b, name).game();
      if (!games.has(game)) {
        kept.push(name);
        games.add(game);
      }
    }
    return kept;
  }

  /** All that the count and every later play depend on, whatever the ends are called. */
  game() {
    const ends = [...this.ends.values()]
      .map((e) => `${e.value}${+e.double}${+e.spinner}${+(e.tile === null)}`)
      .sort();
    const lone = this.ends.get("left").tile === this.ends.get("right").tile;
    return `${ends.join(",")}|${lone}|${this.spinnerValue}|${this.spinnerArms}`;
  }

  /** This layout with the tile laid on `endName` (this one is left as it is). */
  tried(tile, a, b, endName) {
    const trial = builder(this, []); // only its game is asked for, not the tiles placed before
    trial.place(tile, a, b, endName);
    return trial;
  }

  /** Why `up` or `down` is not open (left and right always are, once a tile is led). */
  notOpen(endName) {
    if (!this.spinnerLayout) {
      return new RecordError(
        N_("the {end} end is not open: a game with two ends has only left and right"),
        { end: endName },
      );
    }
    if (this.spinnerValue === null) {
      return new RecordError(
        N_("the {end} end is not open: no double has been played, so there is no spinner"),
        { end: endName },
      );
    }
    return new RecordError(
      N_("the {end} end is not open: the spinner's sides are not both covered yet"),
      { end: endName },
    );
  }

  misfit(tile, fits) {
    if (fits.length) {
      const ends = new EndList(fits.map((n) => [n, this.ends.get(n).value]), " and ");
      return new RecordError(N_("{tile} fits {ends}: say which end"), { tile, ends });
    }
    const ends = new EndList([...this.ends.values()].map((e) => [e.name, e.value]), ", ");
    return new RecordError(N_("{tile} does not fit: open ends are {ends}"), { tile, ends });
  }

  // -- the count ------------------------------------------------------------------------------

  /** What the spinner itself adds to the count (RULES.md §1, `spinner_count`). */
  spinnerCounts() {
    const v = this.spinnerValue;
    if (v === null) return 0;
    if (this.sniff) return v * Math.min(2, 4 - this.spinnerArms);
    return this.spinnerArms < 2 ? 2 * v : 0;
  }

  count() {
    const left = this.ends.get("left");
    const right = this.ends.get("right");
    let total;
    if (left.spinner) total = 0;
    else if (left.double) {
      if (left.tile === right.tile) return 2 * left.value; // a double led in a two-ended game
      total = 2 * left.value;
    } else total = left.value;
    if (!right.spinner) total += right.double ? 2 * right.value : right.value;
    if (this.spinnerValue !== null) {
      total += this.spinnerCounts();
      if (this.spinnerArms > 2) {
        for (const name of ["up", "down"]) {
          const end = this.ends.get(name);
          if (end.tile !== null) total += end.double ? 2 * end.value : end.value;
        }
      }
    }
    return total;
  }

  /** The count as its terms, end by end; they add up to `count()`. */
  terms() {
    const terms = [];
    const left = this.ends.get("left");
    const right = this.ends.get("right");
    const spinnerShown = [left, right].filter((e) => e.spinner).map((e) => e.name);
    if (left.double && left.tile === right.tile && !left.spinner) {
      terms.push(new Term(null, left.tile, 2 * left.value));
    } else {
      for (const end of [left, right]) {
        if (end.spinner) {
          if (spinnerShown[0] === end.name) {
            const where = spinnerShown.length === 1 ? end.name : null;
            terms.push(new Term(where, end.tile, this.spinnerCounts()));
          }
        } else if (end.double) terms.push(new Term(end.name, end.tile, 2 * end.value));
        else terms.push(new Term(end.name, String(end.value), end.value));
      }
    }
    if (this.spinnerValue !== null && !spinnerShown.length && this.spinnerCounts()) {
      const v = this.spinnerValue;
      terms.push(new Term(null, `${v}-${v}`, this.spinnerCounts()));
    }
    for (const name of ["up", "down"]) {
      const end = this.ends.get(name);
      if (end !== undefined && end.tile !== null) {
        if (end.double) terms.push(new Term(name, end.tile, 2 * end.value));
        else terms.push(new Term(name, String(end.value), end.value));
      }
    }
    return terms;
  }

  /** Every tile as it lies, numbered outwards along its arm from the lead. */
  placements() {
    const along = { left: 0, right: 0, up: 0, down: 0 };
    return this.placed.map(([tile, arm, inner, outer, double, spinner]) => {
      if (arm !== "lead") along[arm] += 1;
      return Placed(tile, arm, along[arm] ?? 0, inner, outer, double, spinner);
    });
  }

  openEnds() {
    return [...this.ends.values()].map((e) => OpenEnd(e.name, e.value, e.double || e.spinner));
  }
}

/** A layout tiles are still being laid on: a hand's, while it is being played or tried. */
export class LayoutBuilder extends Layout {
  /** The table before the lead, under the rules' `layout` and `spinner_count`. */
  constructor(layout, spinnerCount) {
    super();
    this.spinnerLayout = layout === "spinner";
    this.sniff = spinnerCount === "sniff_exposed";
    this.ends = new Map();
    this.spinnerValue = null;
    this.spinnerArms = 0;
    this.placed = [];
  }

  /** The layout as it lies now, as a value (this builder is done). */
  frozen() {
    const ends = [];
    for (const [n, e] of this.ends) ends.push([n, End(e.name, e.value, e.tile, e.double, e.spinner)]);
    return made(Layout, {
      spinnerLayout: this.spinnerLayout,
      sniff: this.sniff,
      ends: new FrozenMap(ends),
      spinnerValue: this.spinnerValue,
      spinnerArms: this.spinnerArms,
      placed: Object.freeze(this.placed),
    });
  }

  /** The first tile: `a` on the left, `b` on the right. */
  lead(tile, a, b) {
    const double = a === b;
    const spinner = double && this.spinnerLayout;
    if (spinner) this.spinnerValue = a;
    this.ends.set("left", new EndBuilder("left", a, tile, double, spinner));
    this.ends.set("right", new EndBuilder("right", b, tile, double, spinner));
    this.placed.push(Object.freeze([tile, "lead", a, b, double, spinner]));
  }

  /** Lays a tile on an end (or the only end it fits); returns the end's name. */
  place(tile, a, b, endName) {
    let end;
    let value;
    if (endName === null || endName === undefined) {
      const fits = [...this.ends.values()].filter((e) => e.value === a || e.value === b);
      if (fits.length !== 1) throw this.misfit(tile, fits.map((e) => e.name));
      end = fits[0];
      endName = end.name;
      value = end.value;
    } else {
      end = typeof endName === "string" ? this.ends.get(endName) : undefined;
      if (end === undefined) {
        if (!END_NAMES.includes(endName)) {
          throw new RecordError(N_("{end} is not an end: use left, right, up or down"), {
            end: pyRepr(endName),
          });
        }
        throw this.notOpen(endName);
      }
      value = end.value;
      if (a !== value && b !== value) {
        throw new RecordError(N_("{tile} does not fit the {end} end, which shows {value}"), {
          tile,
          end: endName,
          value,
        });
      }
    }
    const outer = a === value ? b : a;
    const double = a === b;
    if (end.spinner || end.tile === null) this.coverSpinnerSide();
    const becomesSpinner = double && this.spinnerLayout && this.spinnerValue === null;
    if (becomesSpinner) {
      this.spinnerValue = a;
      this.spinnerArms = 1; // the tile it was played against covers one side
    }
    end.value = outer;
    end.tile = tile;
    end.double = double;
    end.spinner = becomesSpinner;
    this.placed.push(Object.freeze([tile, endName, value, outer, double, becomesSpinner]));
    return endName;
  }

  coverSpinnerSide() {
    this.spinnerArms += 1;
    if (this.spinnerArms === 2 && !this.ends.has("up")) {
      // Both sides covered: the spinner's perpendicular ends open, empty.
      const v = this.spinnerValue;
      this.ends.set("up", new EndBuilder("up", v, null, false, false));
      this.ends.set("down", new EndBuilder("down", v, null, false, false));
    }
  }
}

/** A builder going on from `layout` (left as it is), with `placed` as its tiles so far. */
function builder(layout, placed) {
  const grown = Object.create(LayoutBuilder.prototype);
  grown.spinnerLayout = layout.spinnerLayout;
  grown.sniff = layout.sniff;
  grown.ends = growing(layout.ends);
  grown.spinnerValue = layout.spinnerValue;
  grown.spinnerArms = layout.spinnerArms;
  grown.placed = placed;
  return grown;
}
