// The child and everything it requires must parse on old Nodes (0.10 and up, next issue): check
// they are plain ES5 with acorn, which tap brings along. Skipped if acorn is not installed.
'use strict';

const t = require('tap');
const fs = require('fs');
const path = require('path');

let acorn = null;
try {
  acorn = require('acorn');
} catch {
  // covered by the skip below
}

const BENCH = path.resolve(__dirname, '..', '..', 'bench');
const CHILD_FILES = ['child.js', 'clock.js', 'stats.js', 'protocol.js', 'impl-spec.js', 'impl-load.js', 'sampler.js']
  .concat(fs.readdirSync(path.join(BENCH, 'scenarios')).map((f) => path.join('scenarios', f)));

t.test('child-side modules are ES5', { skip: acorn ? false : 'acorn not installed' }, async (t) => {
  for (const file of CHILD_FILES) {
    const source = fs.readFileSync(path.join(BENCH, file), 'utf8');
    t.doesNotThrow(() => acorn.parse(source, { ecmaVersion: 5, allowHashBang: true, sourceType: 'script' }), file);
  }
});

t.test('the child requires only its own ES5 modules', async (t) => {
  for (const file of CHILD_FILES) {
    const source = fs.readFileSync(path.join(BENCH, file), 'utf8');
    const required = [...source.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1]);
    for (const r of required) {
      if (r.startsWith('.')) {
        const target = path.relative(BENCH, path.resolve(path.dirname(path.join(BENCH, file)), r));
        t.ok(CHILD_FILES.includes(target.endsWith('.js') ? target : `${target}.js`) || CHILD_FILES.includes(path.join(target, 'index.js')),
          `${file} requires ${r}, which is checked too`);
      } else {
        t.ok(['fs', 'perf_hooks'].includes(r), `${file} requires only core modules (${r})`);
      }
    }
  }
});
