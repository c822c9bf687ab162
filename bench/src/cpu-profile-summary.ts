// Where a .cpuprofile's samples went, each figure a share of all samples: self time by function, and total time (the
// function and what it called, counted once a sample however often it recurs on the stack) by function and by source
// file. `node --import tsx bench/src/cpu-profile-summary.ts <file> [rows]`
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
}

/** A source file's short name: a package's name under node_modules, else its path from the repository's folders. */
export function sourceOf(url: string): string {
  if (url === '') return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const repository = url.search(/\/(apps|packages|bench)\//);
  return repository >= 0 ? url.slice(repository + 1) : url.replace(/^file:\/\//, '');
}

export function summarise(profile: CpuProfile, rows: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nameOf = (id: number) => {
    const frame = nodes.get(id)!.callFrame;
    return `${frame.functionName || '(anonymous)'} ${sourceOf(frame.url)}:${frame.lineNumber + 1}`;
  };
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const self = new Map<string, number>();
  const totalByFunction = new Map<string, number>();
  const totalByFile = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, count: number) =>
    counts.set(key, (counts.get(key) ?? 0) + count);
  for (const [id, count] of hits) {
    add(self, nameOf(id), count);
    const functions = new Set<string>();
    const files = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      functions.add(nameOf(at));
      files.add(sourceOf(nodes.get(at)!.callFrame.url));
    }
    for (const name of functions) add(totalByFunction, name, count);
    for (const file of files) add(totalByFile, file, count);
  }
  const top = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([name, count]) => ({ name, share: Number(((100 * count) / profile.samples.length).toFixed(1)) }));
  return {
    samples: profile.samples.length,
    selfByFunction: top(self),
    totalByFunction: top(totalByFunction),
    totalByFile: top(totalByFile),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, rows] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [rows]');
  console.log(JSON.stringify(summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(rows ?? 40))));
}
