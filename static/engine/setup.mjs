// Who plays a match, in which sides, under which rules: what every hand of it is played by
// (setup.py).

import { FrozenMap } from "./values.mjs";

/** players in seating order; explain: keep each play's count term by term (Hand.playTerms). */
export const Setup = {
  of(players, partnership, rules, explain = false) {
    players = Object.freeze([...players]);
    const sides = Object.freeze(
      (partnership ? [[players[0], players[2]], [players[1], players[3]]] : players.map((p) => [p])).map(
        (side) => Object.freeze(side),
      ),
    );
    const seat = new FrozenMap(players.map((p, i) => [p, i])); // player → their place in players
    const sideOf = new FrozenMap(sides.flatMap((side, i) => side.map((p) => [p, i])));
    return Object.freeze({ players, partnership, rules, explain, seat, sides, sideOf });
  },
};
