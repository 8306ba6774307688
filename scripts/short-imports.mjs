// Short names for the main module's JS imports (issue 42: the first load).
//
// wasm-bindgen names each function the module imports from its glue after
// the Rust item plus a 16-hex hash (`__wbg_createElement_de4a…`), under the
// module name `./spielblock-HASH_bg.js`. Both are spelled out twice in the
// first load, in the wasm import section and as keys of the glue's import
// object: about 20 KB raw, and the hashes do not compress. This gives each
// import of that module a short name (`a`, `b`, … `aa`, …) and the module the
// name `w`, in the wasm and in the glue alike. Nothing else changes: the
// functions, their order and their types stay, so the module behaves the same.
//
// `shortImports(wasmPath, gluePath)` rewrites both files in place and returns
// how many names it changed. Any surprise (a name the glue does not hold
// exactly once as a key, an unknown import kind) throws: the build fails
// rather than ship a module whose imports do not match its glue.
import fs from 'node:fs';

function readU32(buf, pos) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const byte = buf[pos++];
    result += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [result, pos];
    shift += 7;
    if (shift > 35) throw new Error('short-imports: bad LEB128');
  }
}

function u32(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return Buffer.from(out);
}

const str = (s) => {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([u32(b.length), b]);
};

// The bytes of an import's description after its kind byte, as found.
function descEnd(buf, pos, kind) {
  const limits = (p) => {
    const flags = buf[p++];
    let q;
    [, q] = readU32(buf, p);
    if (flags & 1) [, q] = readU32(buf, q);
    return q;
  };
  switch (kind) {
    case 0: return readU32(buf, pos)[1]; // function: type index
    case 1: return limits(pos + 1); // table: reference type, limits
    case 2: return limits(pos); // memory: limits
    case 3: return pos + 2; // global: value type, mutability
    case 4: return readU32(buf, pos + 1)[1]; // tag: attribute, type index
    default: throw new Error(`short-imports: unknown import kind ${kind}`);
  }
}

// a … z, A … Z, then two letters and more: never a reserved word of JS
// (all are lower case and two letters or longer, and `do`, `if`, `in` are
// skipped), and quoted keys are not needed.
function* shortNames() {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const reserved = new Set(['do', 'if', 'in']);
  for (const a of letters) yield a;
  for (const a of letters) for (const b of letters) if (!reserved.has(a + b)) yield a + b;
  throw new Error('short-imports: out of names');
}

export function shortImports(wasmPath, gluePath) {
  const buf = fs.readFileSync(wasmPath);
  let glue = fs.readFileSync(gluePath, 'utf8');
  if (buf.readUInt32LE(0) !== 0x6d736100) throw new Error(`short-imports: ${wasmPath} is not wasm`);
  let pos = 8;
  const parts = [buf.subarray(0, 8)];
  let renamed = 0;
  let moduleName;
  while (pos < buf.length) {
    const id = buf[pos];
    const [size, start] = readU32(buf, pos + 1);
    const end = start + size;
    if (id !== 2) {
      parts.push(buf.subarray(pos, end));
      pos = end;
      continue;
    }
    let [count, p] = readU32(buf, start);
    const entries = [u32(count)];
    const names = shortNames();
    const seen = new Set();
    for (let i = 0; i < count; i++) {
      let len;
      [len, p] = readU32(buf, p);
      const mod = buf.toString('utf8', p, p + len);
      p += len;
      [len, p] = readU32(buf, p);
      const name = buf.toString('utf8', p, p + len);
      p += len;
      const kind = buf[p];
      const dEnd = descEnd(buf, p + 1, kind);
      const desc = buf.subarray(p, dEnd);
      p = dEnd;
      // The glue's own module: `./<stem>_bg.js` (others, like the split's
      // link module, keep their names: the glue imports them by path).
      if (/^\.\/spielblock-[0-9a-f]{1,16}_bg\.js$/.test(mod) && !seen.has(name)) {
        seen.add(name);
        moduleName = mod;
        const short = names.next().value;
        // The key as terser leaves it: the name, then a colon.
        const key = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?=:)`, 'g');
        const found = glue.match(key)?.length ?? 0;
        if (found !== 1) throw new Error(`short-imports: the glue holds "${name}" as a key ${found} times`);
        glue = glue.replace(key, short);
        entries.push(str('w'), str(short), desc);
        renamed++;
      } else {
        if (seen.has(name)) throw new Error(`short-imports: "${name}" imported twice`);
        entries.push(str(mod), str(name), desc);
      }
    }
    if (p !== end) throw new Error('short-imports: the import section does not end where it says');
    const body = Buffer.concat(entries);
    parts.push(Buffer.from([2]), u32(body.length), body);
    pos = end;
  }
  if (!moduleName) return 0;
  const modKey = `"${moduleName}":`;
  if (glue.split(modKey).length !== 2) throw new Error(`short-imports: the glue names ${moduleName} other than once`);
  glue = glue.replace(modKey, 'w:');
  fs.writeFileSync(wasmPath, Buffer.concat(parts));
  fs.writeFileSync(gluePath, glue);
  return renamed;
}
