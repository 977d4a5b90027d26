// Where the layout's tiles and open ends' labels lie in its drawing: assistant/web/table/dominoes.py
// (`layout`, `view`, `fitted`), line for line, so the phone draws the table as it will be while
// taps wait, as the server would (tests/web/test_layout_drawing.py holds the two alike).
// Coordinates are in half-tiles: a tile is 2 × 1, a crosswise double 1 × 2. Points and
// directions are [x, y] pairs; the tiles come from the engine's `hand.layoutTiles()`.

const REACH = 7; // dominoes.REACH: the arms turn their corner this far out
const CLOCKWISE = { "1,0": [0, 1], "-1,0": [0, -1] };
const clockwise = ([dx, dy]) => CLOCKWISE[`${dx},${dy}`];

const drawn = (tile, x, y, w, h, first, second, spinner) => ({ tile, x, y, w, h, first, second, spinner });

// One tile on an arm growing in `direction`, its inner half against the cursor; a double lies
// across the arm. Returns it and the new cursor.
function tileAlong(tile, inner, outer, double, spinner, [cx, cy], [dx, dy]) {
  const length = double ? 1 : 2; // along the arm
  let x, y, w, h, first, second;
  if (dy === 0) {
    [w, h] = double ? [1, 2] : [2, 1];
    x = dx > 0 ? cx : cx - length;
    y = cy - h / 2;
    [first, second] = dx > 0 ? [inner, outer] : [outer, inner];
  } else {
    [w, h] = double ? [2, 1] : [1, 2];
    x = cx - w / 2;
    y = dy > 0 ? cy : cy - length;
    [first, second] = dy > 0 ? [inner, outer] : [outer, inner];
  }
  return [drawn(tile, x, y, w, h, first, second, spinner), [cx + dx * length, cy + dy * length]];
}

// The tile where an arm turns: along the new direction, its inner half against the end of the
// line so far. Returns it, the new cursor and the new direction.
function corner(tile, inner, outer, [cx, cy], direction) {
  const [dx, dy] = direction;
  const [nx, ny] = clockwise(direction);
  const corners = [0, 1].flatMap((a) => [-0.5, 1.5].map((b) => [cx + dx * a + nx * b, cy + dy * a + ny * b]));
  const x = Math.min(...corners.map((c) => c[0]));
  const y = Math.min(...corners.map((c) => c[1]));
  const [w, h] = ny === 0 ? [2, 1] : [1, 2];
  const innerFirst = nx > 0 || ny > 0; // the inner half drawn at the top or on the left
  const [first, second] = innerFirst ? [inner, outer] : [outer, inner];
  const cursor = [cx + dx * 0.5 + nx * 1.5, cy + dy * 0.5 + ny * 1.5];
  return [drawn(tile, x, y, w, h, first, second, false), cursor, [nx, ny]];
}

// The tiles placed from the lead at 0,0; with `centre`, the left and right arms turn their
// corner once they run `reach` half-tiles out from it (dominoes._lay says why).
function lay(placedTiles, centre, reach = REACH) {
  const tiles = [];
  let arms = {}; // arm → [cursor, direction, turned]
  let spinnerAt = null;
  let down = [0, 1]; // which way the spinner's down arm grows
  for (const { tile, arm, inner, outer, double, spinner } of placedTiles) {
    if (arm === "lead") {
      const [w, h] = double ? [1, 2] : [2, 1];
      tiles.push(drawn(tile, -w / 2, -h / 2, w, h, inner, outer, spinner));
      arms = { left: [[-w / 2, 0], [-1, 0], false], right: [[w / 2, 0], [1, 0], false] };
      if (spinner) spinnerAt = [0, 0];
      continue;
    }
    if (!(arm in arms) && spinnerAt !== null) arms[arm] = fromSpinner(arm, spinnerAt, down);
    let [cursor, direction, turned] = arms[arm];
    const clear = clearOfSpinner(spinnerAt, cursor, direction);
    const turns = turnsHere(centre, cursor, direction, turned, double, reach);
    let tileDrawn;
    if ((arm === "left" || arm === "right") && clear && turns) {
      [tileDrawn, cursor, direction] = corner(tile, inner, outer, cursor, direction);
      turned = true;
    } else {
      [tileDrawn, cursor] = tileAlong(tile, inner, outer, double, spinner, cursor, direction);
    }
    arms[arm] = [cursor, direction, turned];
    tiles.push(tileDrawn);
    if (spinner) {
      spinnerAt = [tileDrawn.x + tileDrawn.w / 2, tileDrawn.y + tileDrawn.h / 2];
      down = direction[1] === 0 ? [0, 1] : [-1, 0];
    }
  }
  if (spinnerAt !== null) {
    for (const arm of ["up", "down"]) if (!(arm in arms)) arms[arm] = fromSpinner(arm, spinnerAt, down);
  }
  return { tiles, arms, spinnerAt };
}

// Where the spinner's up or down arm starts: its side, across the line it lies in.
function fromSpinner(arm, [sx, sy], down) {
  const [dx, dy] = arm === "down" ? down : [-down[0], -down[1]];
  return [[sx + dx, sy + dy], [dx, dy], false];
}

// An arm turns only a tile and a half or more beyond the spinner (dominoes._clear_of_spinner).
function clearOfSpinner(spinnerAt, cursor, direction) {
  if (spinnerAt === null) return true;
  const past = (cursor[0] - spinnerAt[0]) * direction[0] + (cursor[1] - spinnerAt[1]) * direction[1];
  return !(past >= 0 && past < 1.5);
}

// Whether the next tile turns the arm's corner: once, on a plain tile that would run past
// `reach` from the centre.
function turnsHere(centre, [cx, cy], direction, turned, double, reach) {
  if (centre === null || turned || double || !clockwise(direction)) return false;
  const [dx, dy] = direction;
  const out = (cx - centre[0]) * dx + (cy - centre[1]) * dy;
  return out + 2 > reach;
}

// The tiles placed, long arms turned, each arm's open end and direction, and the centre the
// picture is drawn around (null: the picture's own middle).
export function layout(placedTiles, reach = REACH) {
  const spinner = lay(placedTiles, null).spinnerAt;
  let laid;
  if (spinner === null || Math.abs(spinner[0]) + 1 <= reach) {
    const centre = spinner || [0, 0];
    laid = lay(placedTiles, centre, reach);
    laid.centre = centre;
  } else {
    laid = lay(placedTiles, [0, 0], reach);
    laid.centre = null;
  }
  return laid;
}

const anchorOf = ([dx]) => (dx > 0 ? "start" : dx < 0 ? "end" : "middle");

// The layout drawn as large as a `width` x `height` box allows (the layout on a screen of its
// own): its arms turn where the picture then fills the box best, its viewBox just holds it.
export function fitted(placedTiles, openEnds, width, height) {
  let best = null;
  let scale = 0;
  for (let reach = REACH; reach < REACH + 14; reach++) {
    const drawing = view(placedTiles, openEnds, false, reach);
    const box = drawing.box;
    const fits = Math.min(width / box[2], height / box[3]);
    if (fits > scale * 1.02) [best, scale] = [drawing, fits]; // a longer reach: noticeably larger
  }
  return best;
}

// What templates/_drawing.html draws: the tiles, the open ends' labels, and a viewBox centred on
// the spinner (or the lead); not `centred`: the viewBox just holds them.
export function view(placedTiles, openEnds, centred = true, reach = REACH) {
  const laid = layout(placedTiles, reach);
  const labels = openEnds.map((end) => {
    const [[cx, cy], direction] = laid.arms[end.name] || [[0, 0], [0, 0], false];
    const [dx, dy] = direction;
    return { name: end.name, value: end.value, x: cx + dx * 0.3, y: cy + dy * 0.7, anchor: anchorOf(direction) };
  });
  const xs = [...laid.tiles.map((t) => t.x), ...laid.tiles.map((t) => t.x + t.w)];
  const ys = [...laid.tiles.map((t) => t.y), ...laid.tiles.map((t) => t.y + t.h)];
  // A label is about 3 half-tiles wide (5.2 in the larger letters of the layout's own screen),
  // on the side its anchor leaves open.
  const wide = centred ? 3 : 5.2;
  xs.push(...labels.map((label) => label.x + ({ end: -wide, start: wide }[label.anchor] ?? wide / 2)));
  xs.push(...labels.filter((label) => label.anchor === "middle").map((label) => label.x - wide / 2));
  ys.push(...labels.map((label) => label.y));
  const margin = 0.8;
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const [ox, oy] = (centred && laid.centre) || [(minX + maxX) / 2, (minY + maxY) / 2];
  const halfW = Math.max(ox - minX, maxX - ox) + margin;
  const halfH = Math.max(oy - minY, maxY - oy) + margin;
  return { tiles: laid.tiles, labels, box: [ox - halfW, oy - halfH, 2 * halfW, 2 * halfH] };
}
