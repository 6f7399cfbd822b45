#!/usr/bin/env python3
"""An example agent for MobA Studio's agent protocol: sets an alarm in the Clock app by rules.

It reads MobA's indexed elements (no model): for a goal such as "Create an alarm at 6:30 PM
titled Work, with vibrate, repeating Monday to Thursday" it opens Clock, adds an alarm, picks the
hour, the minutes and AM/PM, then the label, vibrate and the days, and finishes. It tells the
studio its plan, a thought per step and notes on what the person did at the gates (an edited
action, a rejection and its feedback). Run it from MobA Studio:

    moba run --strategy external --external-cmd "python3 examples/alarm_agent.py" "Create an alarm at 6:30 PM"

or against ``moba bench serve``: set MOBA_SERVE_URL and MOBA_SERVE_TOKEN to what it printed; the
agent then takes episodes one after the other until none comes for 10 s.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import List, Optional, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from moba_agent import Decision, EnvironmentAgent, Session, find_element, run  # noqa: E402

CLOCK = "com.android.deskclock"
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# One intent per action: (what it does, the element's label or None, the text to type or None).
Intent = Tuple[str, Optional[str], Optional[str]]


def plan_for(goal: str) -> List[Intent]:
    """The actions that set the alarm the goal describes; none when it asks for something else."""
    m = re.search(r"(\d{1,2}):(\d{2})\s*([AP]M)?", goal, re.I)
    if not m or not re.search(r"\b(create|set|add)\b.*\balarm\b", goal, re.I):
        return []
    intents: List[Intent] = [("open Clock", None, None), ("add an alarm", "Add alarm", None)]
    intents.append((f"hour {int(m.group(1))}", str(int(m.group(1))), None))
    intents.append((f"minutes {m.group(2)}", m.group(2), None))
    if m.group(3):
        intents.append((m.group(3).upper(), m.group(3).upper(), None))
    intents.append(("confirm the time", "OK", None))
    label = re.search(r"titled\s+([^,]+)", goal, re.I)
    if label:
        intents.append(("open the label editor", "Add label", None))
        intents.append(("type the label", "Label", label.group(1).strip()))
    if re.search(r"vibrat", goal, re.I):
        intents.append(("turn on vibrate", "Vibrate", None))
    days = re.search(r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) to (\w+day)", goal)
    if days:
        for d in DAYS[DAYS.index(days.group(1)) : DAYS.index(days.group(2)) + 1]:
            intents.append((f"repeat on {d}", d, None))
    return intents


class AlarmAgent(EnvironmentAgent):
    def __init__(self, session: Session, goal: str) -> None:
        super().__init__(session, "alarm-example/1")
        self.intents = plan_for(goal)
        self.done = 0
        self.heard: List[str] = []

    def plan_text(self) -> str:
        return "\n".join(f"{'[x]' if i < self.done else '[ ]'} {name}" for i, (name, _, _) in enumerate(self.intents))

    def learn(self, history: List[dict]) -> None:
        """What became of the last action: done (as proposed or as the person changed it), or rejected."""
        if not history:
            return
        last = history[-1]
        if last.get("feedback"):
            self.heard.append(f"The person said: {last['feedback']}")
        if last["status"] == "rejected":
            self.heard.append(f"Rejected: {last['proposed']}")
            return
        if last.get("changedByPerson"):
            self.heard.append(f"The person changed {last['proposed']} to {last.get('executed')}")
        self.done += 1

    def decide(self, goal: str, observation: dict, history: List[dict]) -> Decision:
        if len(history) != getattr(self, "_seen", 0):
            self._seen = len(history)
            self.learn(history)
        notes = "\n".join(self.heard) or None
        if not self.intents:
            return Decision(finish=False, thought=f"This example agent only creates alarms; it cannot: {goal}")
        if self.done >= len(self.intents):
            return Decision(finish=True, answer=None, thought="Every part of the alarm is set.")
        name, label, text = self.intents[self.done]
        app = (observation.get("currentApp") or {}).get("packageName")
        if name == "open Clock":
            if app == CLOCK:
                self.done += 1
                return self.decide(goal, observation, history)
            return Decision(action='Open_App("Clock")', thought="Alarms are set in the Clock app.", plan=self.plan_text(), notes=notes)
        index = find_element(observation.get("elements", []), label or "")
        if index is None:
            return Decision(finish=False, thought=f"No element '{label}' on the screen for: {name}.")
        action = f"Box_Input({index}, {json.dumps(text)})" if text else f"Click({index})"
        return Decision(action=action, thought=f"Next: {name} ('{label}' is element {index}).", plan=self.plan_text(), notes=notes)


def drive(session: Session) -> bool:
    goal = session.attach("alarm-example/1")["task"]
    agent = AlarmAgent(session, goal)
    agent._attached = True
    return run(agent, goal, max_steps=40).done


def main() -> int:
    serve = os.environ.get("MOBA_SERVE_URL")
    if not serve:
        return 0 if drive(Session.from_env()) else 1
    # Episodes handed out by `moba bench serve`, one after the other, until none comes for a while.
    while True:
        session = Session.next_episode(serve, os.environ["MOBA_SERVE_TOKEN"], wait_ms=int(os.environ.get("MOBA_SERVE_WAIT_MS", "10000")))
        if session is None:
            return 0
        drive(session)


if __name__ == "__main__":
    sys.exit(main())
