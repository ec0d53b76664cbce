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

/** YouTube category names, for the audit dumps a person reads. */
export const CATEGORY_NAMES: Record<number, string> = { 1: "Film&Animation", 2: "Autos", 10: "Music", 15: "Pets&Animals", 17: "Sports", 19: "Travel", 20: "Gaming", 22: "People&Blogs", 23: "Comedy", 24: "Entertainment", 25: "News&Politics", 26: "Howto&Style", 27: "Education", 28: "Science&Tech", 29: "Nonprofits", 43: "Shows" };
