/**
 * The scripted OpenAI-compatible server itself, driven by the real `openai` SDK and plain HTTP:
 * templates that answer from the request, control routes, unmatched requests, the CLI.
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/main/cli/main.ts';
import type { CliIo } from '../../src/main/cli/io.ts';
import { Readable } from 'node:stream';
import { ModelGateway } from '../../src/main/llm/model-gateway.ts';
import { scriptedEmbedding } from '@moba/testkit';
import { loadScriptFile } from '@moba/testkit';
import type { ScriptInput } from '@moba/testkit';
import { callStructured } from '../../src/main/llm/structured.ts';
import { z } from 'zod';
import { scriptedModel, staticModelSettings } from '../support/scripted-model.ts';
import { tempDir } from '@moba/testkit/rigs';
import { packageRoot } from '../../src/main/package-root.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serve(script: ScriptInput) {
  const server = await scriptedModel(script);
  cleanups.push(() => server.close());
  const client = new OpenAI({ apiKey: 'unused', baseURL: server.baseUrl, maxRetries: 0 });
  return { server, client };
}

const elementList = [
  'Goal: turn on Wi-Fi',
  'Current screen elements:',
  '[1] ImageButton "Navigate up"',
  '[2] TextView "Network & internet"',
  '[3] TextView "Wi-Fi settings and saved networks"',
  '[4] Switch "Wi-Fi" checked=false',
  '[5] TextView "Bluetooth"',
  '- TextView "Wi-Fi" (a heading, not interactive)',
].join('\n');

describe('scripted model server', () => {
  it('answers with element indices found by text in the request', async () => {
    const { client } = await serve({
      steps: [
        { reply: 'Click({{element:wi-fi}}) then Click({{element:bluetooth}}) else {{element:Airplane mode|-1}}' },
        { reply: { action: 'Click', index: '{{element:Network}}' } },
      ],
    });
    const ask = async () =>
      (
        await client.chat.completions.create({
          model: 'm',
          messages: [
            { role: 'system', content: 'actor' },
            { role: 'user', content: elementList },
          ],
        })
      ).choices[0]!.message.content;
    expect(await ask()).toBe('Click(4) then Click(5) else -1');
    expect(JSON.parse((await ask())!)).toEqual({ action: 'Click', index: 2 });
  });

  it('uses the newest screen, and fails clearly when an element is missing without a fallback', async () => {
    const { client } = await serve({ steps: [{ reply: '{{element:OK}}', times: 'always' }] });
    const content = (
      await client.chat.completions.create({
        model: 'm',
        messages: [
          { role: 'user', content: '[1] Button "OK"' },
          { role: 'assistant', content: 'Click(1)' },
          { role: 'user', content: 'Now:\n[1] Button "Cancel"\n[2] Button "OK"' },
        ],
      })
    ).choices[0]!.message.content;
    expect(content).toBe('2');
    const error = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: '[1] Button "Cancel"' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(500);
    expect((error as Error).message).toMatch(/\{\{element:OK\}\} found no element line containing "OK"/);
  });

  it('drives a structured actor call end to end', async () => {
    const { server } = await serve({
      steps: [{ match: { system: 'CanComplete' }, reply: { canComplete: 'true', action: 'Click({{element:Wi-Fi}})' } }],
    });
    const gateway = new ModelGateway({ settings: staticModelSettings({ baseUrl: server.baseUrl }) });
    const out = await callStructured({
      gateway,
      role: 'actor',
      purpose: 'act',
      schema: z.object({ canComplete: z.enum(['true', 'possibly', 'false']), action: z.string() }),
      messages: [
        { role: 'system', content: 'Answer with CanComplete and Action.' },
        { role: 'user', content: elementList },
      ],
    });
    expect(out.value).toEqual({ canComplete: 'true', action: 'Click(4)' });
  });

  it('records requests without keys, resets, and loads a script at runtime', async () => {
    const { server, client } = await serve({ steps: [{ reply: 'first' }] });
    await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hello' }] });
    const over = await fetch(`${server.baseUrl.replace(/\/v1$/, '')}/__scripted/requests`);
    const logged = (await over.json()) as Array<{
      path: string;
      answeredBy: string;
      hasAuthorization: boolean;
      body: { messages: unknown };
    }>;
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      path: '/v1/chat/completions',
      answeredBy: '#1',
      hasAuthorization: true,
      body: { messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(JSON.stringify(logged)).not.toContain('unused');

    // Used up: the next request starts the script over (a second run gets the whole script).
    const again = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'again' }] });
    expect(again.choices[0]!.message.content).toBe('first');
    expect(server.requests().at(-1)?.answeredBy).toBe('#1 (script started over)');
    expect(server.restarts()).toBe(1);

    const root = server.baseUrl.replace(/\/v1$/, '');
    expect((await fetch(`${root}/__scripted/reset`, { method: 'POST' })).status).toBe(200);
    expect(server.requests()).toHaveLength(0);
    expect(
      (await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).choices[0]!
        .message.content,
    ).toBe('first');

    const bad = await fetch(`${root}/__scripted/script`, {
      method: 'POST',
      body: JSON.stringify({ steps: [{ match: { user: 'x' } }] }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /needs one of reply, toolCalls, refusal or error/,
    );
    const good = await fetch(`${root}/__scripted/script`, {
      method: 'POST',
      body: JSON.stringify({ steps: [{ reply: 'second' }], models: ['a', 'b'] }),
    });
    expect(good.status).toBe(200);
    expect(
      (await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).choices[0]!
        .message.content,
    ).toBe('second');
    expect((await client.models.list()).data.map((m) => m.id)).toEqual(['a', 'b']);

    server.setScript({ fallback: { reply: 'third' } });
    expect(
      (await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).choices[0]!
        .message.content,
    ).toBe('third');
  });

  it('a script stuck half-way says how far it got and how to reset; a connection test is answered whatever the script', async () => {
    const { server, client } = await serve({
      steps: [
        { match: { user: 'plan' }, reply: 'the plan' },
        { match: { user: 'act' }, reply: 'the act' },
      ],
    });
    expect(
      (await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'plan' }] })).choices[0]!
        .message.content,
    ).toBe('the plan');
    // Half-way (the act step is left): a request that fits nothing fails and says what to do.
    const stuck = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'plan' }] })
      .then(
        () => new Error('expected a 500'),
        (e: unknown) => e as Error,
      );
    const root = server.baseUrl.replace(/\/v1$/, '');
    expect(stuck.message).toMatch(/No script step matches this request .*"plan"/);
    expect(stuck.message).toContain('The script is 1 of 2 steps in');
    expect(stuck.message).toContain(`curl -X POST ${root}/__scripted/reset`);
    expect(server.restarts()).toBe(0);
    // Settings → Test connection: answered, and the script does not move.
    const test = await client.chat.completions.create({
      model: 'scripted',
      max_tokens: 16,
      messages: [{ role: 'user', content: 'Reply with the single word OK.' }],
    });
    expect(test.choices[0]!.message.content).toBe('OK');
    expect(server.requests().at(-1)?.answeredBy).toBe('connection test');
    expect(
      (await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'act' }] })).choices[0]!
        .message.content,
    ).toBe('the act');
  });

  it('serves refusals, finish reasons and errors as the OpenAI API does', async () => {
    const { client } = await serve({
      steps: [
        { refusal: 'No.' },
        { reply: 'cut', finishReason: 'length' },
        { error: { status: 404, message: 'no such model', code: 'model_not_found' } },
      ],
    });
    const refused = (await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }))
      .choices[0]!.message;
    expect(refused).toMatchObject({ content: null, refusal: 'No.' });
    expect(
      (await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).choices[0]!
        .finish_reason,
    ).toBe('length');
    const error = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'model_not_found' });
  });

  it('answers embeddings as floats and as base64 (the SDK default)', async () => {
    const { client } = await serve({ embeddingDims: 16 });
    const asBase64 = await client.embeddings.create({ model: 'e', input: ['alpha beta', 'gamma'] });
    const asFloat = await client.embeddings.create({
      model: 'e',
      input: 'alpha beta',
      encoding_format: 'float',
      dimensions: 8,
    });
    expect(Array.from(asBase64.data[0]!.embedding).map((x) => Math.fround(x))).toEqual(
      scriptedEmbedding('alpha beta', 16).map((x) => Math.fround(x)),
    );
    expect(asBase64.data[1]!.index).toBe(1);
    expect(asFloat.data[0]!.embedding).toEqual(scriptedEmbedding('alpha beta', 8));
  });

  it('closes promptly while a delayed reply is pending', async () => {
    const server = await scriptedModel({ steps: [{ reply: 'late', delayMs: 60_000 }] });
    const client = new OpenAI({ apiKey: 'unused', baseURL: server.baseUrl, maxRetries: 0 });
    const pending = client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    while (server.requests().length === 0) await new Promise((r) => setTimeout(r, 10));
    const t0 = performance.now();
    await server.close();
    expect(performance.now() - t0).toBeLessThan(10_000); // not the 60 s reply
    expect(await pending).toBeInstanceOf(Error);
  });

  it('ships a valid example script', () => {
    const script = loadScriptFile(join(packageRoot(), 'resources', 'scripts', 'example-cycle.json'));
    expect(script.steps.length).toBeGreaterThanOrEqual(4);
  });

  it('`moba model-server` prints a base URL that answers, and stops on request', async () => {
    const dir = tempDir('moba-llm-cli-');
    cleanups.push(() => dir.dispose());
    const scriptPath = join(dir.path, 'script.json');
    writeFileSync(scriptPath, JSON.stringify({ steps: [{ reply: 'from the CLI' }] }));
    let out = '';
    let stop!: (signal: string) => void;
    const stopped = new Promise<string>((resolve) => (stop = resolve));
    const io: CliIo = {
      input: Readable.from([]),
      out: (t) => void (out += t),
      err: (t) => void (out += t),
      untilStopped: () => stopped,
    };
    const exit = main(['model-server', '--script', scriptPath, '--port', '0'], io);
    while (!/base URL: (\S+)/.test(out)) await new Promise((r) => setTimeout(r, 10));
    const baseUrl = /base URL: (\S+)/.exec(out)![1]!;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const client = new OpenAI({ apiKey: 'unused', baseURL: baseUrl, maxRetries: 0 });
    expect(
      (await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).choices[0]!
        .message.content,
    ).toBe('from the CLI');
    stop('SIGTERM');
    expect(await exit).toBe(0);
    expect(out).toMatch(/POST \/v1\/chat\/completions model=m → #1 \(200\)/);
    await expect(fetch(`${baseUrl}/models`)).rejects.toThrow();

    let errors = '';
    const code = await main(['model-server', '--script', join(dir.path, 'missing.json')], {
      input: Readable.from([]),
      out: () => undefined,
      err: (t) => void (errors += t),
      untilStopped: () => stopped,
    });
    expect(code).toBe(1);
    expect(errors).toMatch(/Cannot read the script .*missing\.json: no such file \[NOT_FOUND\]/);
  });
});
