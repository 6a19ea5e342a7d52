// Prints the live page's examples (examples/index.json in the site) from the
// repository's fixtures: [{group, file, text}], in a stable order. The file
// name is the one messages and the model's name come from, as for
// `cagec compile FILE`. Run by scripts/build-web.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = process.argv[2];
const examples = [];
const dir = (group, path, keep) => {
  for (const file of readdirSync(join(root, path)).filter(keep).sort()) {
    examples.push({ group, file, text: readFileSync(join(root, path, file), "utf8") });
  }
};
dir("J-wiki and cagec puzzles", "fixtures/puzzles", () => true);
dir("Keen 9×9, sgt-keen", "fixtures/keen9", (f) => f.endsWith(".keen"));
// One ID per line after a `# PARAMS` heading (3de, 4dn, …).
let params = "keen";
let count = 0;
for (const line of readFileSync(join(root, "fixtures/keen/generated.keen"), "utf8").split("\n")) {
  const heading = /^# (\d+d\w+)$/.exec(line);
  if (heading) {
    params = heading[1];
    count = 0;
  } else if (/^\d+:/.test(line)) {
    count += 1;
    examples.push({ group: "Keen IDs, sgt-keen (size, difficulty)", file: `sgt-${params}-${count}.keen`, text: `${line}\n` });
  }
}
process.stdout.write(JSON.stringify(examples, null, 1) + "\n");
