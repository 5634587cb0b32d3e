"""Every control works on the static pages, offline, on a laptop and on a phone.

In headless Chromium (tests/conftest.py: ``browser`` at 1366 px, ``phone`` at
390 px, both offline): every control of every live panel is moved to three of
its values (with the keyboard, a list, a tick or a button, as a reader would),
and each time the picture must be the one the kernel drew for that state; one
state of each panel must be, pixel for pixel, the picture the kernel draws
afresh there (tests/notebook_runner.py adds that cell); every frame player
plays; every prediction and solution opens; a detective case is played to its
reveal; at phone width nothing is cut and everything can be reached by touch.
Pages stay under 8 MB and the site under 50 MB.
"""

from __future__ import annotations

import base64
import io
import json
import re

import numpy as np
import PIL.Image
import pytest
from notebook_runner import executed_with_check, lesson_paths
from site_build import OUT, PAGE_IDS, PAGES, SAMPLE, SHOW_WHAT_WAITS

from cardlib_course import build as site
from cardlib_course.run import REFERENCE_MIME

PAGE_LIMIT = 8_000_000
SITE_LIMIT = 50_000_000
LESSON_PAGES = [(name, page) for name, page in PAGES if page != "index.html"]
LESSON_IDS = [f"{name}/{page}" for name, page in LESSON_PAGES]

#: What the page holds for each live panel: its number, its controls' kinds and
#: labels, its buttons and moves, every state's picture and description.
PANELS = """
[...document.querySelectorAll('.cardlib-panel')].map(root => {
  const data = JSON.parse(root.querySelector('script.cardlib-states').textContent);
  const fields = [...root.querySelectorAll('[data-control]')];
  return {panel: root.dataset.panel, data,
          kinds: fields.map(f => f.tagName === 'SELECT' ? 'select' : f.type),
          disabled: fields.map(f => f.disabled),
          buttons: [...root.querySelectorAll('button[data-button]')].map(b => b.textContent)};
})
"""


def _open(page_fixture, name: str, page: str, waiting: bool = False):
    """The page; unless ``waiting``, as after every prediction is committed."""
    view = page_fixture.open((OUT[name] / page).as_uri())
    if not waiting:
        view.evaluate(SHOW_WHAT_WAITS)
    return view


def _shown(root) -> dict:
    return root.evaluate("""root => {
        const img = root.querySelector('img.cardlib-figure');
        return {state: Number(root.dataset.state), src: img.src, alt: img.alt,
                natural: img.naturalWidth};
    }""")


def _flat(positions: list[int], data: dict) -> int:
    flat = 0
    for position, control in zip(positions, data["controls"]):
        flat = flat * len(control["labels"]) + position
    return flat


def _move(root, k: int, kind: str, position: int, data: dict) -> None:
    """Move control k to ``position`` as a reader would."""
    field = root.locator(f'[data-control="{k}"]')
    if kind == "range":  # from the nearer end (Home or End), then arrow by arrow
        last = len(data["controls"][k]["labels"]) - 1
        field.focus()
        field.press("Home" if position <= last - position else "End")
        for _ in range(min(position, last - position)):
            field.press("ArrowRight" if position <= last - position else "ArrowLeft")
    elif kind == "select":
        field.select_option(str(position))
    elif kind == "checkbox":
        field.set_checked(data["controls"][k]["labels"][position] == "on")
    else:  # a number box: type the value, then leave the box
        field.fill(data["controls"][k]["labels"][position])
        field.press("Tab")


def _three(size: int) -> list[int]:
    """Three positions (or all, when fewer), ending where they are not the first."""
    return sorted({size - 1, size // 2, 0}, key=lambda p: (p == 0, -p))


def _check_state(root, positions: list[int], data: dict, where: str) -> dict:
    shown, flat = _shown(root), _flat(positions, data)
    image, alt = data["states"][flat]
    assert shown["state"] == flat, where
    assert shown["src"] == data["images"][image], f"{where}: not the picture of state {flat}"
    assert shown["alt"] == alt and shown["natural"] > 0, where
    return shown


def _pixels(uri_or_png: str | bytes) -> np.ndarray:
    raw = uri_or_png if isinstance(uri_or_png, bytes) else base64.b64decode(
        uri_or_png.split(",", 1)[1])
    with PIL.Image.open(io.BytesIO(raw)) as image:
        return np.asarray(image.convert("RGB"))


def _references(name: str) -> dict:
    """The pictures the kernel drew afresh, by panel number, for the site ``name``'s pages."""
    found = {}
    for path in [SAMPLE] if name == "sample" else lesson_paths():
        nb = executed_with_check(path)
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                if REFERENCE_MIME in output.get("data", {}):
                    # The panels keep their numbers on every part of a split lesson.
                    for page in site.page_names(path.stem, nb):
                        found[page] = output["data"][REFERENCE_MIME]
    return found


@pytest.mark.parametrize("name, page", LESSON_PAGES, ids=LESSON_IDS)
def test_every_control_shows_the_right_picture(name, page, sites, browser):
    sites(name)
    view = _open(browser, name, page)
    panels = view.evaluate(PANELS)
    references = _references(name).get(page, {})
    if name == "sample":
        assert len(panels) == 2
    for panel in panels:
        data, root = panel["data"], view.locator(f'.cardlib-panel[data-panel="{panel["panel"]}"]')
        positions = [_position_of(root, k, kind, data) for k, kind in enumerate(panel["kinds"])]
        _check_state(root, positions, data, f"panel {panel['panel']} as opened")
        for k, kind in enumerate(panel["kinds"]):
            size = len(data["controls"][k]["labels"])
            if panel["disabled"][k] or size == 1:
                continue
            for position in _three(size):
                _move(root, k, kind, position, data)
                positions[k] = position
                _check_state(root, positions, data, f"panel {panel['panel']}, control {k} "
                                                    f"at {position}")
            _assert_control_matters(data, k)
        for b, label in enumerate(panel["buttons"]):
            moves = data["buttons"][b]["moves"]
            for _ in range(3):
                root.locator(f'button[data-button="{b}"]').click()
                for k, steps in moves.items():
                    positions[int(k)] = steps[positions[int(k)]]
                _check_state(root, positions, data, f"panel {panel['panel']}, {label}")
        # every control at its last value: the picture the kernel draws afresh there
        for k, kind in enumerate(panel["kinds"]):
            last = len(data["controls"][k]["labels"]) - 1
            if positions[k] != last and not panel["disabled"][k]:
                _move(root, k, kind, last, data)
                positions[k] = last
        shown = _check_state(root, positions, data, f"panel {panel['panel']} at its ends")
        reference = references[panel["panel"]]
        assert reference["labels"] == [c["labels"][-1] for c in data["controls"]]
        page_pixels, kernel_pixels = _pixels(shown["src"]), _pixels(
            base64.b64decode(reference["png"]))
        assert page_pixels.shape == kernel_pixels.shape
        assert (page_pixels == kernel_pixels).all(), f"panel {panel['panel']}: not the kernel's"
        assert _canvas_pixels_equal(root, kernel_pixels)
    assert browser.failed_requests() == [] and browser.blocked == []


def _position_of(root, k: int, kind: str, data: dict) -> int:
    field = root.locator(f'[data-control="{k}"]')
    if kind == "checkbox":
        return data["controls"][k]["labels"].index("on" if field.is_checked() else "off")
    if kind == "number":
        return data["controls"][k]["labels"].index(field.input_value())
    return int(field.input_value())


def _assert_control_matters(data: dict, k: int) -> None:
    """Some two states that differ only in control k have different pictures."""
    sizes = [len(c["labels"]) for c in data["controls"]]
    stride = int(np.prod(sizes[k + 1:]))
    for flat in range(len(data["states"])):
        position = flat // stride % sizes[k]
        if position + 1 < sizes[k]:
            if data["states"][flat][0] != data["states"][flat + stride][0]:
                return
    pytest.fail(f"control {k} never changes the picture")


def _canvas_pixels_equal(root, expected: np.ndarray) -> bool:
    """The browser's own decoding of the picture shown equals ``expected`` (RGB)."""
    rgba = root.evaluate("""root => {
        const img = root.querySelector('img.cardlib-figure');
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d');
        ctx.drawImage(img, 0, 0);
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        let text = '';
        for (let i = 0; i < data.length; i += 32768) {
            text += String.fromCharCode.apply(null, data.subarray(i, i + 32768));
        }
        return btoa(text);
    }""")
    shown = np.frombuffer(base64.b64decode(rgba), dtype=np.uint8).reshape(
        expected.shape[0], expected.shape[1], 4)
    return bool((shown[..., :3] == expected).all())


@pytest.mark.parametrize("name, page", LESSON_PAGES, ids=LESSON_IDS)
def test_players_play_and_reveals_open(name, page, sites, browser):
    sites(name)
    view = _open(browser, name, page, waiting=True)
    waiting = view.locator(".cardlib-after-output")
    assert all(not box.is_visible() for box in waiting.all())  # nothing before a commit
    for box in view.locator(".cardlib-prediction").all():
        reveal = box.locator(".cardlib-reveal")
        assert reveal.inner_text() == "" and box.locator("button").is_disabled()
        box.locator('input[type="radio"]').last.check()
        box.locator("button").click()
        said = reveal.inner_text()
        assert said.startswith(("Right: ", "Not quite: the answer is ")) and len(said) > 30, said
        assert box.locator("button").is_disabled()
    assert all(box.is_visible() for box in waiting.all())  # what waited for a commit shows
    for player in view.locator(".animation").all():
        slider = player.locator("input.anim-slider")
        before = slider.input_value()
        player.locator('button[title="Play"]').click()
        view.wait_for_function(
            "([slider, before]) => slider.value !== before",
            arg=[slider.element_handle(), before], timeout=5000)
        player.locator('button[title="Pause"]').click()
    for details in view.locator("details").all():
        assert all(not part.is_visible() for part in details.locator(".jp-OutputArea").all())
        details.locator("summary").first.click()
        assert details.evaluate("d => d.open")
        inside = details.evaluate("d => [...d.children].filter(c => c.tagName !== 'SUMMARY')"
                                  ".map(c => c.getBoundingClientRect().height)")
        assert sum(inside) > 0
    for solution in view.locator("details.solution").all():  # its code and its check's ✓
        assert solution.locator(".jp-InputArea").count() == 1 and "✓" in solution.inner_text()


def test_a_detective_case_is_played_to_its_reveal(sites, browser):
    page = "11_probability_lab.html"
    if "11_probability_lab" not in [path.stem for path in lesson_paths()]:
        pytest.skip("no probability lab lesson")
    sites("lessons")
    view = _open(browser, "lessons", page)
    root = view.locator(".cardlib-panel").filter(
        has=view.locator('input[type="checkbox"]')).first
    reveal, guess = root.locator('input[type="checkbox"]'), root.locator("select").first
    guess.select_option(index=2)
    before = _shown(root)
    assert "it was" not in before["alt"] and "Your guess" not in before["alt"]
    body = view.evaluate("document.body.innerText")
    reveal.check()
    after = _shown(root)
    answer = re.search(r"it was (.+?)\. Your guess", after["alt"])
    assert answer and after["src"] != before["src"], after["alt"]
    assert f"it was {answer.group(1)}" not in body, "the page gave the answer away"


# --- at phone width -------------------------------------------------------------------

PHONE_CHECK = """
(() => {
  const width = document.documentElement.clientWidth;
  const out = (el) => { const box = el.getBoundingClientRect();
                        return box.width > 0 && (box.left < -1 || box.right > width + 1); };
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const cut = [];
  for (const el of document.querySelectorAll(
      '.jp-InputArea-editor .highlight, .jp-OutputArea-output, math[display="block"]')) {
    if (out(el)) cut.push('sticks out: ' + el.className + ' ' + el.tagName);
    if (el.scrollWidth > el.clientWidth + 1 && !scrolls(el)
        && !(el.closest('.jp-OutputArea-output') && scrolls(el.closest('.jp-OutputArea-output'))))
      cut.push('cut, no scrolling: ' + (el.className || el.tagName) + ' '
               + el.textContent.slice(0, 40));
  }
  const small = [];
  for (const el of document.querySelectorAll(
      '.cardlib-controls input, .cardlib-controls select, .cardlib-button, .anim-buttons button,'
      + ' details > summary')) {
    const box = el.getBoundingClientRect();
    if (out(el)) cut.push('control out of reach: ' + (el.title || el.textContent || el.type));
    if (el.type !== 'checkbox' && box.height < 24) small.push((el.title || el.type) + ' '
                                                              + box.height);
  }
  return {page: document.documentElement.scrollWidth, width, cut, small};
})()
"""


@pytest.mark.parametrize("name, page", PAGES, ids=PAGE_IDS)
def test_phone_width_cuts_nothing(name, page, sites, phone):
    """At phone width nothing scrolls sideways, is cut off or too small to tap, and a tap on a
    figure shown smaller than drawn opens it at full size, and again closes it. (A page's
    height at laptop width: test_site.py. Screenshots of a lesson's pages at both widths, for a
    person to look at: tools/lesson_check.py --page.)"""
    sites(name)
    view = _open(phone, name, page)
    report = view.evaluate(PHONE_CHECK)
    assert report["page"] <= report["width"], "the page scrolls sideways"
    assert report["cut"] == []
    assert report["small"] == []
    for img in view.locator(".jp-OutputArea-output img").all()[:3]:
        natural, shown = img.evaluate("i => [i.naturalWidth, i.clientWidth]")
        if natural <= shown + 1:
            continue
        img.tap()
        assert img.evaluate("i => i.clientWidth") == natural
        img.tap()
        assert img.evaluate("i => i.clientWidth") == shown


# --- sizes ----------------------------------------------------------------------------


def test_pages_and_site_within_budget(sites):
    sizes = {}
    for name in ("sample", "lessons"):
        for path in sites(name):
            sizes[f"{name}/{path.name}"] = path.stat().st_size
    big = {page: size for page, size in sizes.items() if size > PAGE_LIMIT}
    assert big == {}, f"pages over {PAGE_LIMIT:,} bytes"
    site = sum(f.stat().st_size for f in OUT["lessons"].glob("*") if f.is_file())
    assert site <= SITE_LIMIT, f"the site takes {site:,} bytes"
    print(json.dumps({"site": site, **sizes}, indent=1))
