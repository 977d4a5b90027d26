"""The browser's side: Debian's Chromium for Playwright, and taps on the table that wait until
they are saved."""

CHROMIUM = "/usr/bin/chromium"


def version(page) -> int:
    """The match version the table on the page was drawn from."""
    return int(page.locator("#table input[name=version]").first.input_value())


def saved(page, before: int) -> None:
    """Waits until the table shows the version after `before`: the tap was saved."""
    from playwright.sync_api import expect

    expect(page.locator("#table input[name=version]").first).to_have_value(str(before + 1))


def tap(page, name: str) -> None:
    """Taps a table button and waits until the tap is saved and the table has moved on."""
    before = version(page)
    page.get_by_role("button", name=name, exact=True).click()
    saved(page, before)
