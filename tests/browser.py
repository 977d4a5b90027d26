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


def tile(page, name: str):
    """A tile of the table's picker."""
    return page.locator("#table form.picker").get_by_role("button", name=name, exact=True)


def online(page) -> None:
    """The network back: the phone hears of it at once, as it would from the system."""
    page.context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")


def sent(page, version: int) -> None:
    """Every waiting tap sent: the table shows `version` and nothing waits any more."""
    from playwright.sync_api import expect

    expect(page.locator("#table input[name=version]").first).to_have_value(
        str(version), timeout=15000
    )
    expect(page.locator("#taps")).to_be_hidden()


def kept_by_worker(page) -> None:
    """Waits until the table's service worker answers for the page (it keeps the table's shell).
    A page that loaded while the worker was still activating may be left to the network: it is
    loaded again, as a phone's next visit would be."""
    from playwright.sync_api import TimeoutError as Timeout

    controlled = "() => navigator.serviceWorker.controller !== null"
    try:
        page.wait_for_function(controlled, timeout=15000)
    except Timeout:
        page.reload()
        page.wait_for_function(controlled)
