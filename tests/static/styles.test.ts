import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// One visual language in one stylesheet layer (web/styles/tokens.css): the tokens
// file declares the cascade layers' order, every other rule sits inside one of
// those layers (an unlayered rule would beat every layered one), and colours come
// only from the tokens.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = path.join(root, 'web');
const TOKENS = 'web/styles/tokens.css';

/** Every .css file under web/ (paths relative to the project, with forward slashes). */
function cssFiles(dir = web): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...cssFiles(full));
    else if (entry.name.endsWith('.css'))
      found.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return found.sort();
}

type Item = {
  /** `block`: `prelude {`; `statement`: an at-rule ending in `;`; `declaration`: `name: value`. */
  kind: 'block' | 'statement' | 'declaration';
  text: string;
  depth: number;
  line: number;
};

/**
 * The items of a stylesheet, in order, with the brace depth each starts at: enough
 * to tell a rule outside any block from one inside (comments and strings skipped).
 */
function parse(css: string): Item[] {
  // Comments become spaces (newlines kept), so positions still give line numbers.
  const src = css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const items: Item[] = [];
  let depth = 0;
  let start = 0;
  const lineAt = (i: number) => src.slice(0, i).split('\n').length;
  const take = (end: number, kind: Item['kind']) => {
    const raw = src.slice(start, end);
    const text = raw.trim();
    if (text !== '') {
      const first = start + raw.length - raw.trimStart().length;
      const isAtRule = text.startsWith('@');
      items.push({
        kind: kind === 'block' ? 'block' : isAtRule ? 'statement' : 'declaration',
        text,
        depth,
        line: lineAt(first),
      });
    }
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'") {
      const close = src.indexOf(c, i + 1);
      i = close === -1 ? src.length : close;
    } else if (c === '{') {
      take(i, 'block');
      depth++;
      start = i + 1;
    } else if (c === ';') {
      take(i, 'statement');
      start = i + 1;
    } else if (c === '}') {
      take(i, 'statement');
      depth--;
      start = i + 1;
    }
  }
  take(src.length, 'statement');
  return items;
}

const LAYER_ORDER = /^@layer\s+([\w-]+(?:\s*,\s*[\w-]+)*)$/;

/** The layer order the tokens file declares first, or null. */
function declaredOrder(css: string): string[] | null {
  const first = parse(css)[0];
  const names =
    first?.kind === 'statement' && first.depth === 0
      ? LAYER_ORDER.exec(first.text)?.[1]
      : undefined;
  return names === undefined ? null : names.split(',').map((s) => s.trim());
}

/** Rules outside any `@layer` block: only `@layer name {`, `@layer a, b;` and `@import` may sit at the top. */
function unlayered(file: string, css: string): string[] {
  return parse(css)
    .filter((it) => it.depth === 0)
    .filter((it) =>
      it.kind === 'block'
        ? !/^@layer\s+[\w.-]+$/.test(it.text)
        : !(it.kind === 'statement' && (LAYER_ORDER.test(it.text) || /^@import\s/.test(it.text))),
    )
    .map((it) => `${file}:${it.line}: \`${it.text}\` is outside any @layer block`);
}

/** `@layer` names not in the declared order, and layers nested in layers (sub-layers). */
function strayLayers(file: string, css: string, order: readonly string[]): string[] {
  const out: string[] = [];
  for (const it of parse(css)) {
    if (it.kind === 'declaration' || !/^@layer\b/.test(it.text)) continue;
    const names = it.text
      .replace(/^@layer/, '')
      .split(',')
      .map((s) => s.trim());
    for (const name of names) {
      if (!order.includes(name)) {
        out.push(`${file}:${it.line}: layer \`${name}\` is not one of ${order.join(', ')}`);
      }
    }
    if (it.depth > 0) out.push(`${file}:${it.line}: \`${it.text}\` is nested in another block`);
  }
  return out;
}

const HEX = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/i;
const FUNCTION = /(?<![\w-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i;
const NAMED =
  /(?<![\w-])(?:white|black|gr[ae]y|silver|red|green|blue|yellow|orange|purple)(?![\w-])/i;

/** Colour literals in declaration values (strings aside): every colour is a token. */
function colourLiterals(file: string, css: string): string[] {
  return parse(css)
    .filter((it) => it.kind === 'declaration')
    .filter((it) => {
      const value = it.text.slice(it.text.indexOf(':') + 1).replace(/"[^"]*"|'[^']*'/g, '""');
      return HEX.test(value) || FUNCTION.test(value) || NAMED.test(value);
    })
    .map(
      (it) => `${file}:${it.line}: \`${it.text}\` has a colour literal: use a token from ${TOKENS}`,
    );
}

/** Every .ts/.tsx file under web/ (paths relative to the project). */
function sourceFiles(dir = web): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name))
      found.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return found.sort();
}

const files = cssFiles();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const order = declaredOrder(read(TOKENS)) ?? [];

describe('stylesheets: one visual language in cascade layers', () => {
  test('finds the stylesheets, the tokens among them', () => {
    expect(files).toContain(TOKENS);
    expect(files).toContain('web/styles.css');
  });

  test(`${TOKENS} declares the layer order first`, () => {
    expect(declaredOrder(read(TOKENS))).toEqual(['tokens', 'base', 'components', 'screens']);
  });

  test('web/main.tsx imports the tokens before anything else (the first @layer seen sets the order)', () => {
    const first = /^import\s[^;]*;/m.exec(read('web/main.tsx'))?.[0];
    expect(first).toBe("import './styles/tokens.css';");
  });

  // A stylesheet a component imports goes with that component's chunk, and
  // Vite links a chunk's sheet before the app's own when the first page needs
  // it: the first @layer the browser sees would then set the order, and base
  // would beat components (buttons lost their text colour once this way).
  test('every stylesheet imported outside web/main.tsx declares the layer order first', () => {
    const importers = sourceFiles().filter((f) => f !== 'web/main.tsx');
    const imported = new Set<string>();
    for (const f of importers) {
      for (const m of read(f).matchAll(/^import\s+'([^']+\.css)';/gm)) {
        const spec = m[1] ?? '';
        imported.add(
          path
            .relative(root, path.resolve(path.dirname(path.join(root, f)), spec))
            .split(path.sep)
            .join('/'),
        );
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    expect(
      [...imported].filter((f) => declaredOrder(read(f))?.join(',') !== order.join(',')),
    ).toEqual([]);
  });

  test('no rule sits outside an @layer block', () => {
    expect(files.flatMap((f) => unlayered(f, read(f)))).toEqual([]);
  });

  test('only the declared layers are used, none nested', () => {
    expect(files.flatMap((f) => strayLayers(f, read(f), order))).toEqual([]);
  });

  test(`no colour literal outside ${TOKENS}`, () => {
    expect(files.filter((f) => f !== TOKENS).flatMap((f) => colourLiterals(f, read(f)))).toEqual(
      [],
    );
  });

  // The checks above pass vacuously if they see nothing: each must catch what it is for.
  test('the checks catch what they are for', () => {
    const bad = [
      '@layer components {',
      '  .a { color: var(--ink); }',
      '}',
      '.b { color: #fff; }',
      '@layer extra { .c { background: rgb(0 0 0 / 0.4); border-color: white; } }',
      '@layer screens { @layer components { } }',
      '/* .d { color: black } */',
      '.library-feeling { white-space: nowrap; }',
    ].join('\n');
    expect(unlayered('x.css', bad)).toEqual([
      'x.css:4: `.b` is outside any @layer block',
      'x.css:8: `.library-feeling` is outside any @layer block',
    ]);
    expect(strayLayers('x.css', bad, order)).toEqual([
      'x.css:5: layer `extra` is not one of tokens, base, components, screens',
      'x.css:6: `@layer components` is nested in another block',
    ]);
    expect(colourLiterals('x.css', bad).map((m) => m.split(' has')[0])).toEqual([
      'x.css:4: `color: #fff`',
      'x.css:5: `background: rgb(0 0 0 / 0.4)`',
      'x.css:5: `border-color: white`',
    ]);
    expect(declaredOrder('/* order */\n@layer a, b;\n@layer a { }')).toEqual(['a', 'b']);
    expect(declaredOrder('@layer a { }\n@layer a, b;')).toBeNull();
  });
});
