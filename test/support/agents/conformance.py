"""The agent protocol's conformance cases (conformance-cases.json) through the Python client.

Started by the studio as an external agent; runs each case of MOBA_CASES (a file beside this
one; default conformance-cases.json) in order and writes what came back
to MOBA_CASES_OUT as JSON: per case its code ("ok" or the error's), message, reply and, for
act_watching, the events seen while the action waited. conformance.ts does the same in TypeScript.
"""

import json
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "resources", "agent-client", "python"))

from moba_agent import AgentError, Session  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
s = Session.from_env()


def act_watching(case):
    """Proposes the action on another thread and reads events until it waits for the person."""
    s.observe(("elements",))
    out = {}

    def act():
        try:
            out["reply"] = s.act(case["action"])
        except AgentError as e:
            out["error"] = e

    worker = threading.Thread(target=act)
    worker.start()
    watched = []
    after = max([e["seq"] for e in s.received] + [0])
    while worker.is_alive() and not any(e["type"] == "waiting" for e in watched):
        got = s.events(after=after, wait_ms=2000)["events"]
        watched.extend(got)
        after = max([e["seq"] for e in got] + [after])
    worker.join()
    if "error" in out:
        raise out["error"]
    return out["reply"], watched


def run(case):
    op = case["op"]
    if op == "attach_wrong_token":
        return Session(s.url, "not-the-token").attach("intruder")
    if op == "attach":
        return s.attach(case["client"])
    if op == "attach_again":
        return Session(s.url, s.token).attach(case["client"])
    if op == "observe":
        return s.observe(case["include"])
    if op == "raw":
        return s.request(case["request"], case["text"].encode("utf-8"))
    if op == "request":
        return s.request(case["request"], case["body"])
    if op == "act":
        if case.get("observeFirst", True):
            s.observe(("elements",))
        r = case.get("report", {})
        return s.act(
            case["action"],
            thought=r.get("thought"),
            plan=r.get("plan"),
            notes=r.get("notes"),
            summary=r.get("summary"),
            model_calls=r.get("modelCalls"),
        )
    if op == "events":
        return s.events(after=case.get("after"))
    if op == "finish":
        return s.finish(case.get("answer"), thought=case.get("thought"))
    if op == "received":
        return s.received
    raise ValueError(f"unknown op {op}")


results = {}
with open(os.path.join(HERE, os.environ.get("MOBA_CASES", "conformance-cases.json")), encoding="utf-8") as f:
    cases = json.load(f)
for case in cases:
    try:
        if case["op"] == "act_watching":
            reply, watched = act_watching(case)
            results[case["name"]] = {"code": "ok", "reply": reply, "watched": watched}
        else:
            results[case["name"]] = {"code": "ok", "reply": run(case)}
    except AgentError as e:
        results[case["name"]] = {"code": e.code, "status": e.status, "message": e.message, "events": e.events}

with open(os.environ["MOBA_CASES_OUT"], "w", encoding="utf-8") as f:
    json.dump(results, f)
