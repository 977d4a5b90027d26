"""Pico CSS is built with only the parts the app uses (tools/pico/app.scss): a template or script
that starts to use a part left out fails here, naming the module to turn back on."""

import re

from tests.paths import CHECKOUT, STATIC, TEMPLATES

# What in a page each module left out of the build would style.
USES = {
    "layout/overflow-auto": r"overflow-auto",
    "content/code": r"<(pre|code|kbd|samp)\b",
    "forms/input-color": r"""type\s*=\s*["']?color""",
    "forms/input-range": r"""type\s*=\s*["']?range""",
    "forms/input-search": r"""type\s*=\s*["']?search""",
    "components/dropdown": r"\bdropdown\b",
    "components/group": r"""role\s*=\s*["']?(group|search)""",
    "components/loading": r"aria-busy|ariaBusy",
    "components/modal": r"<dialog\b|createElement\(\"dialog\"\)|modal-is-",
    "components/tooltip": r"data-tooltip|dataset\.tooltip",
}


def left_out() -> list[str]:
    built = (CHECKOUT / "tools" / "pico" / "app.scss").read_text()
    return re.findall(r'"([a-z-]+/[a-z-]+)":\s*false', built)


def pages_and_scripts():
    for path in sorted(TEMPLATES.rglob("*.html")):
        yield path
    for path in sorted(STATIC.rglob("*")):
        if path.suffix in (".js", ".mjs") and "vendor" not in path.parts:
            yield path


def test_the_build_leaves_out_only_parts_no_page_uses():
    modules = left_out()
    assert modules, "tools/pico/app.scss leaves nothing out"
    assert not set(modules) - USES.keys(), "say above what a page would use of each module left out"
    found = [
        f"{path.relative_to(CHECKOUT)} uses {module}: turn it back on in tools/pico/app.scss"
        for path in pages_and_scripts()
        for module in modules
        if re.search(USES[module], path.read_text(), re.I)
    ]
    assert not found


def test_the_stylesheet_is_the_build():
    """The page links the stylesheet that tools/pico/build writes, and it is Pico's."""
    assert "vendor/pico-2.1.1-app.min.css" in (TEMPLATES / "base.html").read_text()
    css = (STATIC / "vendor" / "pico-2.1.1-app.min.css").read_text("utf-8-sig")
    assert css.startswith("/*!\n * Pico CSS") and "--pico-primary" in css
    assert "[data-tooltip]" not in css and "dialog>article" not in css  # two of the parts left out
