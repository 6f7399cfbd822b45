"""A client of MobA Studio's agent protocol (version 1), standard library only.

MobA Studio starts your program with ``MOBA_AGENT_URL`` and ``MOBA_AGENT_TOKEN`` in its
environment. Attach, then loop: observe the screen, propose an action, read what became of it
after the studio's gates; end with ``finish``. What a person does meanwhile (a decision, a
take-over, a plan edit, a pause or stop) comes as events with every reply (``Session.received``,
``Session.on_event``) and from ``Session.events``. See docs/agent-protocol.md for every message.

    from moba_agent import Session
    s = Session.from_env()
    info = s.attach("my-agent/0.1")
    obs = s.observe()
    result = s.act("Open_App(\\"Clock\\")", thought="The alarm lives in the Clock app")
    s.finish(answer="done")
"""

from __future__ import annotations

import json
import os
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Union

__all__ = [
    "PROTOCOL_VERSION",
    "AgentError",
    "Session",
    "Decision",
    "StepResult",
    "EnvironmentAgent",
    "find_element",
]

PROTOCOL_VERSION = 1

Json = Dict[str, Any]
Action = Union[str, Mapping[str, Any]]


class AgentError(Exception):
    """A request the studio refused: ``code`` (e.g. ``malformed``, ``ended``), HTTP ``status``, ``message``,
    and the ``events`` the refusal carried (e.g. ``paused`` when the run was paused meanwhile)."""

    def __init__(self, code: str, message: str, status: int, events: Optional[List[Json]] = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.events = events or []


class Session:
    """One program's session on one run."""

    def __init__(self, url: str, token: str, timeout: Optional[float] = None) -> None:
        self.url = url.rstrip("/")
        self.token = token
        # No timeout by default: an action waits while a person decides at a gate.
        self.timeout = timeout
        # Every event the replies carried so far, in order; on_event(event) is called with each.
        self.received: List[Json] = []
        self.on_event: Optional[Callable[[Json], None]] = None
        self._lock = threading.Lock()

    @classmethod
    def from_env(cls, env: Optional[Mapping[str, str]] = None) -> "Session":
        env = os.environ if env is None else env
        url = env.get("MOBA_AGENT_URL")
        token = env.get("MOBA_AGENT_TOKEN")
        if not url or not token:
            raise AgentError("not_attached", "MOBA_AGENT_URL and MOBA_AGENT_TOKEN are not set; start this program from MobA Studio", 0)
        return cls(url, token)

    @classmethod
    def next_episode(cls, serve_url: str, token: str, wait_ms: int = 10000) -> Optional["Session"]:
        """The next benchmark episode ``moba bench serve`` hands out (its session), or None when none came in ``wait_ms``.

        ``serve_url`` and ``token`` are what ``moba bench serve`` printed.
        """
        broker = cls(serve_url, token)
        episode = broker.request("episodes/next", {"waitMs": wait_ms}).get("episode")
        return cls(episode["url"], episode["token"]) if episode else None

    def request(self, name: str, body: Union[Json, bytes]) -> Json:
        """Sends one request (``body`` as JSON, or bytes sent as they are); returns the reply's JSON or raises AgentError.

        Events the reply carries are added to ``received`` and given to ``on_event``.
        """
        data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(
            f"{self.url}/{name}",
            data=data,
            method="POST",
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:
                reply = json.loads(res.read().decode("utf-8"))
        except urllib.error.HTTPError as e:
            text = e.read().decode("utf-8", "replace")
            try:
                refused = json.loads(text)
                err = refused["error"]
                code, message = str(err["code"]), str(err["message"])
            except (ValueError, KeyError, TypeError):
                raise AgentError("http", f"HTTP {e.code}: {text[:200]}", e.code) from None
            events = refused.get("events") or []
            self._hear(events)
            raise AgentError(code, message, e.code, events) from None
        if name != "events":
            self._hear(reply.get("events") or [])
        return reply

    def _hear(self, events: List[Json]) -> None:
        with self._lock:
            seen = {e.get("seq") for e in self.received}
            new = [e for e in events if e.get("seq") not in seen]
            self.received.extend(new)
        for e in new:
            if self.on_event:
                self.on_event(e)

    def attach(self, client: Optional[str] = None) -> Json:
        body: Json = {"protocol": PROTOCOL_VERSION}
        if client:
            body["client"] = client
        return self.request("attach", body)

    def observe(self, include: Sequence[str] = ("elements", "app")) -> Json:
        """The screen now: any of ``elements``, ``app``, ``screenshot``, ``xml``, ``time``."""
        return self.request("observe", {"include": list(include)})

    def act(
        self,
        action: Action,
        *,
        thought: Optional[str] = None,
        plan: Optional[str] = None,
        notes: Optional[str] = None,
        summary: Optional[str] = None,
        model_calls: Optional[Iterable[Json]] = None,
    ) -> Json:
        """Proposes an action (``"Click(3)"`` or ``{"name": "Click", "params": {"index": 3}}``) on the last observation."""
        body: Json = {"action": action}
        _report(body, thought, plan, notes, summary, model_calls)
        return self.request("act", body)

    def finish(
        self,
        answer: Optional[str] = None,
        *,
        success: bool = True,
        reason: Optional[str] = None,
        thought: Optional[str] = None,
        model_calls: Optional[Iterable[Json]] = None,
    ) -> Json:
        body: Json = {"success": success}
        if answer is not None:
            body["answer"] = answer
        if reason is not None:
            body["reason"] = reason
        _report(body, thought, None, None, None, model_calls)
        return self.request("finish", body)

    def events(self, after: Optional[int] = None, wait_ms: int = 0) -> Json:
        """The events after ``after`` (default: those no reply has carried yet), waiting up to ``wait_ms``.

        May be sent from another thread while an action waits for a person. Adds them to ``received``.
        """
        body: Json = {"waitMs": wait_ms}
        if after is not None:
            body["after"] = after
        reply = self.request("events", body)
        self._hear(reply.get("events") or [])
        return reply


def _report(
    body: Json,
    thought: Optional[str],
    plan: Optional[str],
    notes: Optional[str],
    summary: Optional[str],
    model_calls: Optional[Iterable[Json]],
) -> None:
    for key, value in (("thought", thought), ("plan", plan), ("notes", notes), ("summary", summary)):
        if value is not None:
            body[key] = value
    if model_calls is not None:
        body["modelCalls"] = list(model_calls)


def find_element(elements: Iterable[Json], label: str) -> Optional[int]:
    """The index of the first interactive element whose text or description is ``label`` (case-insensitive).

    Text-only elements (index 0 or below) are skipped: actions cannot name them.
    """
    wanted = label.strip().lower()
    for e in elements:
        if int(e.get("index", 0)) < 1:
            continue
        if str(e.get("text", "")).strip().lower() == wanted or str(e.get("contentDesc", "")).strip().lower() == wanted:
            return int(e["index"])
    return None


@dataclass
class Decision:
    """What an agent decided on one screen: an action, or that the task is done (``finish``)."""

    action: Optional[Action] = None
    finish: bool = False
    answer: Optional[str] = None
    thought: str = ""
    plan: Optional[str] = None
    notes: Optional[str] = None


@dataclass
class StepResult:
    """Shaped like AndroidWorld's ``AgentInteractionResult``: ``done`` and a ``data`` dict."""

    done: bool
    data: Json = field(default_factory=dict)


class EnvironmentAgent:
    """An agent with AndroidWorld's interface: ``step(goal) -> StepResult``, one action per call.

    Subclass it and implement ``decide(goal, observation, history)``; ``history`` holds the
    results of earlier actions (what the person changed, their feedback).
    """

    include: Sequence[str] = ("elements", "app")

    def __init__(self, session: Session, name: str = "moba-agent") -> None:
        self.session = session
        self.name = name
        self.history: List[Json] = []
        self._attached = False

    def reset(self, go_home: bool = False) -> None:
        self.history = []

    def decide(self, goal: str, observation: Json, history: List[Json]) -> Decision:
        raise NotImplementedError

    def step(self, goal: str) -> StepResult:
        if not self._attached:
            self.session.attach(self.name)
            self._attached = True
        observation = self.session.observe(self.include)
        d = self.decide(goal, observation, self.history)
        if d.finish or d.action is None:
            reply = self.session.finish(
                d.answer, success=d.finish, thought=d.thought or None, reason=None if d.finish else d.thought or None
            )
            return StepResult(True, {"finish": reply})
        result = self.session.act(d.action, thought=d.thought or None, plan=d.plan, notes=d.notes)
        self.history.append(result)
        return StepResult(False, {"result": result, "observation": observation})


def run(agent: EnvironmentAgent, goal: str, max_steps: int = 50, on_step: Optional[Callable[[StepResult], None]] = None) -> StepResult:
    """Steps ``agent`` until it is done, the run ends, or ``max_steps``."""
    result = StepResult(False)
    for _ in range(max_steps):
        try:
            result = agent.step(goal)
        except AgentError as e:
            if e.code == "ended":
                return StepResult(True, {"ended": e.message})
            raise
        if on_step:
            on_step(result)
        if result.done:
            return result
    return result
