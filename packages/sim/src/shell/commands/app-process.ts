/**
 * `[CLASSPATH=…] app_process [vm-options] <dir> <class> [args…]`: handed to the registered
 * AppProcessHandlers (the scrcpy server impersonation); a class nobody handles fails like
 * ART does when the class is missing.
 */
import type { AppProcessInvocation, ShellCommand } from '../registry.ts';
import { command, pathArg } from './util.ts';

export function parseAppProcessArgs(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): AppProcessInvocation | undefined {
  const vmOptions: string[] = [];
  let classpath = env.CLASSPATH;
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-cp' || arg === '-classpath') classpath = args[++i];
    else if (arg.startsWith('-Djava.class.path=')) classpath = arg.slice('-Djava.class.path='.length);
    else if (arg.startsWith('-')) vmOptions.push(arg);
    else break;
  }
  const directory = args[i];
  // Runtime flags (--nice-name=…, --application) sit between the dir and the class.
  let j = i + 1;
  while (j < args.length && (args[j] as string).startsWith('--')) j++;
  const className = args[j];
  if (directory === undefined || className === undefined) return undefined;
  return { classpath: classpath || undefined, directory, className, args: args.slice(j + 1), vmOptions };
}

export const appProcess: ShellCommand = command(
  'app_process',
  async (ctx) => {
    const invocation = parseAppProcessArgs(ctx.args, ctx.env);
    if (!invocation) {
      await ctx.err('Error: no class name or --zygote supplied.\n');
      return 1;
    }
    for (const handler of [...ctx.hooks.appProcess].reverse()) {
      const status = await handler(invocation, ctx);
      if (status !== undefined) return status;
    }
    const jars = (invocation.classpath ?? '').split(':').filter(Boolean);
    const paths = jars.map((jar) => `zip file "${jar}"`).join(',');
    const missing = jars.find((jar) => !ctx.fs.stat(pathArg(ctx, jar)));
    if (missing) await ctx.err(`Unable to open '${missing}': No such file or directory\n`);
    await ctx.err(
      `Exception in thread "main" java.lang.ClassNotFoundException: Didn't find class "${invocation.className}" on path: DexPathList[[${paths}],nativeLibraryDirectories=[/system/lib64, /system_ext/lib64, /system/lib64, /system_ext/lib64]]\n` +
        '\tat dalvik.system.BaseDexClassLoader.findClass(BaseDexClassLoader.java:259)\n' +
        '\tat java.lang.ClassLoader.loadClass(ClassLoader.java:637)\n' +
        '\tat java.lang.ClassLoader.loadClass(ClassLoader.java:573)\n',
    );
    return 1;
  },
  ['app_process64', 'app_process32'],
);
