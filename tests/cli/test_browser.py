"""The committed report/claims.html in a real browser: the system's Chromium, headless.

Nothing is installed at run time: the test drives /usr/bin/chromium (Debian's `chromium`
package; `.ci/run` installs it when missing; NOTEPROOF_CHROMIUM names another executable)
over the Chrome DevTools Protocol, with a small WebSocket client from the standard
library. It loads the page at 1400 px and 400 px, and fails on a console error, on
horizontal overflow of the page at 400 px and on any <math> element drawn with zero width
or height (every <details> opened first). Screenshots go to tmp_path / "screenshots" (or
NOTEPROOF_SCREENSHOTS), printed in the test output.
"""
from __future__ import annotations

import base64
import json
import os
import socket
import struct
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = Path(os.environ.get("NOTEPROOF_PAGE", ROOT / "report" / "claims.html"))   # another report to look at
CHROMIUM = os.environ.get("NOTEPROOF_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--no-default-browser-check",
         "--disable-extensions", "--hide-scrollbars", "--remote-debugging-port=0"]
TIMEOUT = 60.0
# where to look, after the top of the page: (screenshot name, element id, a selector inside it)
PLACES = (("errata-and-failures", "errata-and-failures", ""), ("dependencies", "dependencies", ""),
          ("week09-table", "note-week09", ""), ("fixed-point-response", "w09.fixed-point-response", ""),
          ("sensitivity-product", "w09.sensitivity-product", "table"),
          ("euler-error-bound", "w09.euler-error-bound", "table"),
          ("backward-recursion", "w10.backward-recursion", "table"),
          ("verlet-figures", "c12.d04.energy-and-timing", ".figures"),
          ("order-figure", "c12.d06.orders", ".figures"))

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)")


class WebSocket:
    """The client half of RFC 6455, enough for the DevTools protocol (text frames, no extensions)."""

    def __init__(self, url: str) -> None:
        assert url.startswith("ws://")
        hostport, _, path = url[5:].partition("/")
        host, _, port = hostport.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the browser closed the connection during the handshake")
            head += chunk
        status = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status:
            raise ConnectionError(f"handshake refused: {status!r}")
        self.buffer = head.split(b"\r\n\r\n", 1)[1]

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("the browser closed the connection")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def _frame(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send(self, text: str) -> None:
        self._frame(0x1, text.encode())

    def recv(self) -> str:
        message = b""
        while True:
            b0, b1 = self._read(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            data = self._read(n)
            if mask:
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            if opcode == 0x9:
                self._frame(0xA, data)
                continue
            if opcode == 0x8:
                raise ConnectionError("the browser closed the connection")
            if opcode in (0x0, 0x1, 0x2):
                message += data
                if b0 & 0x80:
                    return message.decode()

    def close(self) -> None:
        try:
            self._frame(0x8, b"")
        except OSError:
            pass
        self.sock.close()


class Browser:
    """One headless Chromium with one page, driven over CDP."""

    def __init__(self, profile: Path) -> None:
        self.proc = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file, deadline = profile / "DevToolsActivePort", time.monotonic() + TIMEOUT
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.quit()
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        pages = []
        while not pages:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=TIMEOUT) as r:
                pages = [t for t in json.load(r) if t.get("type") == "page"]
            if not pages:
                time.sleep(0.1)
        self.ws = WebSocket(pages[0]["webSocketDebuggerUrl"])
        self.next_id, self.events = 0, []
        for domain in ("Runtime", "Log", "Page"):
            self.call(f"{domain}.enable")

    def call(self, method: str, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_for(self, event: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not any(e["method"] == event for e in self.events):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {event}")
            self.events.append(json.loads(self.ws.recv()))

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def load(self, url: str, width: int, height: int) -> None:
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=False)
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"]))

    def console_errors(self) -> list[str]:
        out = []
        for e in self.events:
            p = e.get("params", {})
            if e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(" ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif e["method"] == "Runtime.exceptionThrown":
                out.append(p.get("exceptionDetails", {}).get("text", "exception"))
            elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append(p["entry"].get("text", ""))
        return out

    def quit(self) -> None:
        try:
            self.ws.close()
        except Exception:
            pass
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


OPEN_DETAILS = "document.querySelectorAll('details').forEach(d => d.open = true); true"
ZERO_MATH = """[...document.querySelectorAll('math')].map((m, i) => {
  const r = m.getBoundingClientRect();
  return (r.width === 0 || r.height === 0) ? i + ': ' + m.textContent.slice(0, 60) : null;
}).filter(Boolean)"""
OVERFLOW = """({scroll: document.scrollingElement.scrollWidth, inner: innerWidth,
  wide: [...document.body.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5
        && !e.closest('.wide, .m, .graph')).slice(0, 5).map(e => e.tagName + (e.id ? '#' + e.id : '')
        + ' ' + (e.textContent || '').slice(0, 50))})"""
MATHML_DRAWN = """(() => { const m = document.querySelector('math mfrac');
  return m ? m.getBoundingClientRect().height > m.querySelector('*').getBoundingClientRect().height : null; })()"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    b = Browser(tmp_path_factory.mktemp("chromium-profile"))
    yield b
    b.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    named = os.environ.get("NOTEPROOF_SCREENSHOTS")
    folder = Path(named) if named else tmp_path_factory.mktemp("report") / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("width, height", [(1400, 900), (400, 800)])
def test_report_in_chromium(browser, shots, capsys, width, height):
    assert PAGE.exists(), "run `noteproof report` first"
    browser.load(PAGE.as_uri(), width, height)
    browser.screenshot(shots / f"{width}-top.png")
    for name, element, inside in PLACES:
        found = browser.evaluate(f"(() => {{ let e = document.getElementById({json.dumps(element)}); "
                                 f"if (e && {json.dumps(inside)}) e = e.querySelector({json.dumps(inside)}); "
                                 "if (!e) return false; e.scrollIntoView(); return true; })()")
        assert found, f"no element #{element} {inside} on the page"
        browser.screenshot(shots / f"{width}-{name}.png")
    with capsys.disabled():
        print(f"\nscreenshots at {width} px: {shots}")
    assert browser.console_errors() == []
    assert browser.evaluate(MATHML_DRAWN), "MathML is not laid out as mathematics (a fraction is no taller than its numerator)"
    browser.evaluate(OPEN_DETAILS)
    assert browser.evaluate(ZERO_MATH) == [], "<math> elements drawn with zero size"
    if width <= 400:
        o = browser.evaluate(OVERFLOW)
        assert o["scroll"] <= o["inner"], f"the page overflows at {width} px: {o}"



# What a reader sees: the text of the page outside <math>, <code>, <pre> and the scripts, every
# <details> opened. ASCII or Python mathematics there is a finding; each pattern has a budget of
# occurrences it may not exceed (0 is the goal; a count above 0 is what is left to typeset, and
# may only go down).
VISIBLE_TEXT = """(() => {
  document.querySelectorAll('details').forEach(d => d.open = true);
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.parentElement.closest('math, code, pre, script, style')) continue;
    out.push(n.textContent);
  }
  return out.join(' ');
})()"""
ASCII_MATH = {"**": (r"\*\*", 0), "!=": (r"!=", 0), "<=": (r"<=", 0), ">=": (r">=", 0), "^{": (r"\^\{", 0),
              "_{": (r"_\{", 0), "Greek spelled out": (r"\b(?:theta|beta|lambda|Delta)\b", 0),
              "Matrix(": (r"Matrix\(", 0), "Subs(": (r"Subs\(", 0)}


def ascii_math(text: str) -> dict[str, int]:
    """How often each pattern of ASCII or Python mathematics occurs in ``text``."""
    import re
    return {name: len(re.findall(pattern, text)) for name, (pattern, _) in ASCII_MATH.items()}


def test_the_scan_finds_ascii_mathematics():
    found = ascii_math("a_star**3/3 != 0, x <= 1 >= y, e^{KS} h_{l+1} theta beta lambda Delta s "
                       "Matrix([[1]]) Subs(f, z, 0)")
    assert all(found.values()), found
    assert not any(ascii_math("a*³/3 ≠ 0, x ≤ 1 ≥ y, eᴷˢ hₗ₊₁ θ β λ Δs, a thetaxyz").values())


@pytest.mark.parametrize("width, height", [(1400, 900), (400, 800)])
def test_no_ascii_mathematics_in_what_a_reader_sees(browser, shots, width, height):
    """No Python or ASCII mathematics in the visible text; a screenshot of the errata at each width."""
    browser.load(PAGE.as_uri(), width, height)
    found = ascii_math(browser.evaluate(VISIBLE_TEXT))
    browser.evaluate("document.getElementById('errata-and-failures').scrollIntoView(); true")
    browser.screenshot(shots / f"{width}-errata-scan.png")
    over = {k: n for k, n in found.items() if n > ASCII_MATH[k][1]}
    assert not over, f"ASCII or Python mathematics a reader sees (count over its budget): {over}"


PRINTED_DETAILS = """(() => { const d = [...document.querySelectorAll('details')].find(x => !x.open);
  if (!d) return null; const inner = d.querySelector(':scope > :not(summary)');
  return inner ? inner.checkVisibility() && inner.getBoundingClientRect().height > 0 : null; })()"""


def test_printing_opens_the_derivations(browser):
    """In print media a closed <details> shows its content (the print style), so derivations print."""
    browser.load(PAGE.as_uri(), 1400, 900)
    assert browser.evaluate(PRINTED_DETAILS) is False   # on screen, closed
    browser.call("Emulation.setEmulatedMedia", media="print")
    try:
        assert browser.evaluate(PRINTED_DETAILS) is True
    finally:
        browser.call("Emulation.setEmulatedMedia", media="")
