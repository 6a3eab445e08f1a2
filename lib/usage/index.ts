/**
 * Command-line usage, shared by every command of the project: a help text rendered from a small
 * description (what, usage, options, variables, exit status), and argument parsing on node:util's
 * parseArgs where `--help`/`-h` prints that text and exits 0, and an unknown option, a missing value or
 * a stray argument exits 2 with one line naming it and pointing at `--help` (no stack trace).
 * It imports nothing of ours, so the reference server's own command (servers/reference/main.ts) can use it
 * too (eslint.config.mjs keeps the server apart from the suite).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export const WIDTH = 100;

/** Wraps `text`, which starts at column `indent`, to `width` columns; lines after the first are indented to `indent`. */
export function wrap(text: string, indent: number, width = WIDTH): string {
  const lines: string[] = [];
  let line = '';
  const limit = Math.max(40, width - indent);
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > limit) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** Two columns: each left cell padded to the widest (at most 34 wide), the right one wrapped beside it. */
export function columns(rows: readonly (readonly [string, string])[], indent = 2): string {
  if (rows.length === 0) return '';
  const pad = Math.min(34, Math.max(...rows.map(([left]) => left.length)) + 2);
  return rows
    .map(([left, right]) => {
      const head = `${' '.repeat(indent)}${left}`;
      const start = left.length + 2 > pad ? `${head}\n${' '.repeat(indent + pad)}` : head.padEnd(indent + pad);
      return `${start}${wrap(right, indent + pad)}`;
    })
    .join('\n');
}

/** What a command's `--help` says. */
export interface CommandHelp {
  /** As people type it: "npm run reference". */
  command: string;
  /** The title line after the command. */
  summary: string;
  usage: readonly string[];
  /** A paragraph: what it does. */
  what: string;
  options: readonly (readonly [string, string])[];
  /** Variables it reads, each with its meaning and default for this command. */
  variables?: readonly (readonly [string, string])[];
  exits: readonly (readonly [string, string])[];
  more?: string;
}

export const HELP_OPTION = ['-h, --help', 'this text'] as const;

export function renderHelp(help: CommandHelp): string {
  const parts = [`${help.command}: ${help.summary}`, '', wrap(help.what, 0), '', 'Usage', ...help.usage.map((u) => `  ${u}`)];
  parts.push('', 'Options', columns(help.options));
  if (help.variables?.length) parts.push('', 'Variables', columns(help.variables));
  parts.push('', 'Exit status', columns(help.exits));
  parts.push('', `More: ${help.more ?? 'README.md and docs/USAGE.md'}; every variable and report: npm start -- --help.`);
  return parts.join('\n');
}

/** True when the arguments ask for help (`--help` or `-h` before any `--`). */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** The one line for an error of parseArgs: what is wrong, named, and where the options are listed. */
export function argumentError(command: string, error: unknown): string {
  const pointer = `${command} -- --help lists the options`;
  const e = error as { code?: string; message?: string };
  const message = (e.message ?? String(error)).split('\n')[0] ?? '';
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `${command}: unknown option ${quoted ?? message} (${pointer}).`;
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `${command}: unexpected argument ${quoted ?? message} (${pointer}).`;
  return `${command}: ${message.replace(/\.$/, '')} (${pointer}).`;
}

/**
 * parseArgs over `argv` (default: the process's arguments): `--help`/`-h` prints `help` and exits 0,
 * an argument error prints one line and exits 2.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(help: CommandHelp, config: T, argv: readonly string[] = process.argv.slice(2)) {
  if (wantsHelp(argv)) {
    console.log(renderHelp(help));
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, args: [...argv] });
  } catch (error) {
    console.error(argumentError(help.command, error));
    process.exit(2);
  }
}

/** A one-line usage error of `command` (a bad value parseArgs cannot see), exit 2; `hint` says where to look. */
export function usageError(command: string, message: string, hint = `${command} -- --help lists the options`): never {
  console.error(`${command}: ${message} (${hint}).`);
  process.exit(2);
}
