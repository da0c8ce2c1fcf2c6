/**
 * The usage text of a program, made from its declaration (`cli-spec.ts`): the synopsis, what it
 * does, one line per positional and option with its default, and what follows.
 */
import type { CommandSpec, OptionSpec } from './cli-spec.ts';

/** The width the usage is wrapped to. */
const WIDTH = 100;

/**
 * Words (or groups of words that stay together) joined by spaces and wrapped to `WIDTH`, for a
 * text that starts at column `indent`: every line after the first is indented as far.
 */
function wrap(words: readonly string[], indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && indent + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** The words of a text. */
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** How an option shows in the synopsis and the list: `--db FILE`, `--force`. */
export function optionForm(name: string, option: OptionSpec): string {
  return option.type === 'flag' ? `--${name}` : `--${name} ${option.type.placeholder}`;
}

/** What the usage says of an option's default: `(default: 8080)`, or nothing. */
function defaultNote(option: OptionSpec): string {
  if (option.type === 'flag' || option.required) return '';
  const shown =
    option.shownDefault ??
    (option.default === undefined
      ? undefined
      : option.env
        ? `$${option.env}, else ${option.default}`
        : option.default === ''
          ? "'' (none)"
          : option.default);
  return shown === undefined ? '' : ` (default: ${shown})`;
}

/** The usage text of a command: synopsis, description, positionals, options, epilogue. */
export function usageOf(spec: CommandSpec): string {
  const options = Object.entries(spec.options);
  const positionals = spec.positionals ?? [];
  const synopsis = spec.synopsis ?? [
    ...positionals.map((p) => `<${p.name}>`),
    ...options.map(([name, o]) =>
      o.type !== 'flag' && o.required ? optionForm(name, o) : `[${optionForm(name, o)}]`,
    ),
  ];
  const head = `Usage: ${spec.name} `;
  // The synopsis wraps between groups only: `[--db FILE]` stays on one line.
  const lines = [head + wrap(synopsis, head.length)];
  lines.push(
    '',
    spec.description
      .split(/\n\s*\n/)
      .map((p) => wrap(words(p), 0))
      .join('\n\n'),
  );
  const rows: [string, string][] = [
    ...positionals.map((p): [string, string] => [`<${p.name}>`, p.help]),
    ...options.map(([name, o]): [string, string] => [
      (o.short ? `-${o.short}, ` : '') + optionForm(name, o),
      o.help + defaultNote(o),
    ]),
    ['-h, --help', 'print this help'],
  ];
  const column = Math.max(...rows.map(([form]) => form.length)) + 4;
  lines.push('');
  for (const [form, help] of rows)
    lines.push(`  ${form.padEnd(column - 2)}${wrap(words(help), column)}`);
  if (spec.epilogue) lines.push('', spec.epilogue);
  return lines.join('\n');
}
