"""Sends the agent protocol's bad and good requests in turn and writes what came back to
MOBA_CASES_OUT as JSON: each case's name with the error code (or "ok") and what the test checks."""

import json
import os
import sys
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "resources", "agent-client", "python"))

from moba_agent import AgentError, Session  # noqa: E402

results = {}


def case(name, fn):
    try:
        reply = fn()
        results[name] = {"code": "ok", "reply": reply}
    except AgentError as e:
        results[name] = {"code": e.code, "status": e.status, "message": e.message}


s = Session.from_env()
wrong = Session(s.url, "not-the-token")


def raw(body: bytes):
    req = urllib.request.Request(f"{s.url}/attach", data=body, method="POST", headers={"Authorization": f"Bearer {s.token}"})
    try:
        urllib.request.urlopen(req)
        return {}
    except urllib.error.HTTPError as e:
        err = json.loads(e.read())["error"]
        raise AgentError(err["code"], err["message"], e.code)


case("wrong token", lambda: wrong.attach())
case("observe before attach", lambda: s.observe())
case("not json", lambda: raw(b"{not json"))
case("attach", lambda: s.attach("protocol-cases"))
case("second attach", lambda: s.attach("another program"))
case("unknown field", lambda: s.request("observe", {"include": ["elements"], "colour": "blue"}))
case("act before observe", lambda: s.act("Back()"))
case("observe everything", lambda: {k: (v if k not in ("screenshot", "xml") else bool(v)) for k, v in s.observe(("screenshot", "xml", "time", "app")).items()})
case("unknown action", lambda: s.act("Fly(3)"))
case("bad parameters", lambda: s.act({"name": "Click", "params": {"index": "three"}}))
case("act", lambda: s.act("Back()", thought="Close whatever is open"))
case("unknown request", lambda: s.request("teleport", {}))
case("finish", lambda: s.finish("42", thought="The answer"))
case("act after finish", lambda: s.act("Home()"))

with open(os.environ["MOBA_CASES_OUT"], "w", encoding="utf-8") as f:
    json.dump(results, f)
