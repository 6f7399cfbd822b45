/**
 * What a person (or a benchmark's simulated user) is shown when an agent asks a question with
 * `Ask_User`: the cockpit shows it like an escalation, and the answer reaches the agent's next
 * prompt.
 */
export function askUserPrompt(question: string): string {
  return `The agent asks: ${question} Answer it (your answer goes into its next prompt), take over, or reject to end the run.`;
}
