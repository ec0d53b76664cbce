/** Flags of the text benches: `--name value`, and `--help` printing the usage line. Shared by every bench/eval script. */

/** The value after `--name`, or `dflt` when the flag is absent. */
export function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
}

/** With `--help`, prints `line` and exits. */
export function usage(line: string): void {
  if (!process.argv.includes("--help")) return;
  console.log(line);
  process.exit(0);
}
