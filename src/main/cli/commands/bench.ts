/**
 * `moba bench …`: validate task files, run a benchmark over the simulated phone, resume one,
 * report on one or more. Subcommands load what they need when they run, so `moba bench
 * validate` opens no database and starts no phone.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { CliIo } from '../io.ts';

export function registerBench(program: Command, io: CliIo): void {
  const bench = program.command('bench').description('benchmarks: task files, runs over simulated phones, metrics and reports (docs/benchmark.md)');

  bench
    .command('validate')
    .description('check task files (or folders of them) and name the exact field and reason of each problem; exits 1 when any is invalid')
    .argument('<files...>', 'task files (.json) or folders')
    .option('--json', 'print one JSON object', false)
    .action(async (files: string[], opts: { json: boolean }) => {
      const { validateFiles } = await import('../../bench/task-files.ts');
      const results = validateFiles(files);
      const invalid = results.filter((r) => !r.ok);
      if (opts.json) io.out(`${JSON.stringify({ files: results.map((r) => ({ file: r.file, ok: r.ok, id: r.task?.id ?? null, problems: r.problems })), valid: results.length - invalid.length, invalid: invalid.length })}\n`);
      else {
        for (const r of results) {
          if (r.ok) io.out(`ok    ${r.file} (${r.task!.id} v${r.task!.version}, ${r.task!.category})\n`);
          else {
            io.out(`FAIL  ${r.file}\n`);
            for (const p of r.problems) io.out(`      ${p.path || '(file)'}: ${p.message}\n`);
          }
        }
        io.out(`${results.length} file${results.length === 1 ? '' : 's'}: ${results.length - invalid.length} valid, ${invalid.length} invalid\n`);
      }
      if (invalid.length || results.length === 0) io.exitCode = 1;
    });

  bench
    .command('schema')
    .description('print the JSON Schema of the task format (for editors); --out writes it to a file')
    .option('--out <file>', 'write it here instead of printing it')
    .action(async (opts: { out?: string }) => {
      const { taskJsonSchemaText } = await import('../../bench/task-json-schema.ts');
      if (opts.out) {
        writeFileSync(opts.out, taskJsonSchemaText());
        io.out(`wrote ${opts.out}\n`);
      } else io.out(taskJsonSchemaText());
    });
}
