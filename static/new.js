// New match: what the player typed or chose (a target right after tapping a preset, a second
// preset tapped before the first one's answer, who leads) stays as they left it whenever the
// options are drawn again, whichever answer arrives last.
const chosen = {};
const remember = (event) => {
  const field = event.target;
  if (!field.name || !field.closest("#match-options")) return;
  if (field.type === "radio" && !field.checked) return;
  chosen[field.name] = field.type === "checkbox" ? field.checked : field.value;
};
document.addEventListener("input", remember);
document.addEventListener("change", remember);
// The number field in use stays itself, caret and selection too, in place of the one drawn
// again, so the next keys go on into it; untouched, it takes the new default, selected to be
// typed over.
let inUse = null;
document.addEventListener("htmx:beforeSwap", () => {
  const active = document.activeElement;
  const number = active && active.id && active.type === "number";
  inUse = number && active.closest("#match-options") ? active : null;
});
document.addEventListener("htmx:afterSwap", () => {
  const options = document.getElementById("match-options");
  if (!options) return;
  for (const [name, value] of Object.entries(chosen)) {
    for (const field of options.querySelectorAll(`[name="${name}"]`)) {
      if (field.type === "radio") field.checked = field.value === value;
      else if (field.type === "checkbox") field.checked = value;
      else if (field.tagName !== "SELECT" || [...field.options].some((o) => o.value === value)) {
        field.value = value;
      }
    }
  }
  const drawn = inUse && !inUse.isConnected && document.getElementById(inUse.id);
  if (drawn && options.contains(drawn)) {
    drawn.replaceWith(inUse);
    inUse.focus();
    if (!(inUse.name in chosen) && inUse.value !== drawn.value) {
      inUse.value = drawn.value;
      inUse.select();
    }
  }
  inUse = null;
});
