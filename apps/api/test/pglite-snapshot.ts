import type { PGlite } from '@electric-sql/pglite';

/*
 * A snapshot of a whole PGlite instance, and its restore: PostgreSQL's memory (the WebAssembly memory and stack
 * pointer), its in-memory file system (the data directory's files and folders, byte for byte) and the open file
 * descriptors of that file system. PGlite runs PostgreSQL in this process as one single-user backend whose state
 * lives in exactly these: restoring them puts the instance back where it was when the snapshot was taken, as if
 * nothing had run since. The test harness uses it to reset a worker's PGlite to a template's state between test
 * files (pglite-pool.ts) in tens of milliseconds, where a new instance loading the template costs a third of a
 * second of CPU and hundreds of megabytes of garbage.
 *
 * What comes from outside stays outside: the clock, and the seed of random()'s generator, which PostgreSQL draws
 * from the system's random source on first use (the snapshot is taken before any), so each reset database
 * draws values of its own.
 *
 * What it reaches into is Emscripten's runtime as PGlite 0.5 builds it (FS, MEMFS nodes, FS.streams, HEAPU8,
 * ___stack_pointer): none of it is PGlite's typed API, so moduleOf() checks that each part is there and
 * snapshotOf() refuses otherwise.
 */

/** An Emscripten FS node (MEMFS): a folder's `contents` maps names to nodes, a file's is its bytes. */
type FsNode = {
  id: number;
  name: string;
  parent: FsNode;
  mode: number;
  mounted: unknown;
  contents: Record<string, FsNode> | Uint8Array | null;
  usedBytes?: number;
  link?: string;
  atime: number;
  mtime: number;
  ctime: number;
};

type FsStream = { node: FsNode; shared: Record<string, unknown> } & Record<string, unknown>;

type EmscriptenFs = {
  root: FsNode;
  streams: (FsStream | null)[];
  lookupPath(path: string): { node: FsNode };
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
  hashAddNode(node: FsNode): void;
  hashRemoveNode(node: FsNode): void;
  readFile(path: string, options?: unknown): unknown;
};

type Operations = Record<string, (...args: never[]) => unknown>;

/** MEMFS's operations shared by all its files (write, truncate, msync): wrapped to see which files change. */
type Memfs = { ops_table?: { file?: { node?: Operations; stream?: Operations } } };

type EmscriptenModule = {
  HEAPU8: Uint8Array;
  FS: EmscriptenFs;
  MEMFS: Memfs;
  ___stack_pointer: { value: number };
};

/** One node of the snapshotted trees as it was: a folder's entries, a file's bytes, a link's target. */
type NodeState = {
  node: FsNode;
  parent: FsNode;
  name: string;
  mode: number;
  times: [number, number, number];
  entries?: [string, FsNode][];
  bytes?: Uint8Array;
  link?: string;
};

/** One open file descriptor as it was (its own fields, and the position and flags it may share with dups). */
type StreamState = { stream: FsStream; fields: Record<string, unknown>; shared: Record<string, unknown> };

export type PGliteSnapshot = {
  roots: FsNode[];
  /** Files written, truncated or synced from a mapping since the snapshot (or the last restore). */
  changed: Set<FsNode>;
  memory: Uint8Array;
  stackPointer: number;
  nodes: NodeState[];
  streams: (StreamState | null)[];
};

/**
 * The folders whose contents PostgreSQL changes: its data directory, and /tmp. Everything else PGlite's file
 * system holds (the binaries, libraries and share files, /dev, /proc) is read-only to it.
 */
const CHANGING_TREES = ['/pglite/data', '/tmp'];

function moduleOf(pglite: PGlite): EmscriptenModule {
  const mod = (pglite as unknown as { Module?: Partial<EmscriptenModule> }).Module;
  const fs = mod?.FS;
  if (
    !mod?.HEAPU8 ||
    typeof mod.___stack_pointer?.value !== 'number' ||
    !fs?.streams ||
    typeof fs.lookupPath !== 'function' ||
    typeof fs.hashAddNode !== 'function' ||
    typeof fs.hashRemoveNode !== 'function' ||
    !mod.MEMFS?.ops_table?.file?.node?.setattr ||
    !mod.MEMFS.ops_table.file.stream?.write ||
    !mod.MEMFS.ops_table.file.stream.msync
  ) {
    throw new Error('this PGlite build does not expose the Emscripten runtime a snapshot needs');
  }
  return mod as EmscriptenModule;
}

/** Every node of the trees under `roots` (the roots included), parents before their children. */
function nodesUnder(fs: EmscriptenFs, roots: FsNode[]): FsNode[] {
  const nodes: FsNode[] = [];
  const pending = [...roots];
  while (pending.length) {
    const node = pending.shift() as FsNode;
    nodes.push(node);
    if (fs.isDir(node.mode) && !node.mounted) pending.push(...Object.values(node.contents as object));
  }
  return nodes;
}

/**
 * The files whose bytes change from now on: MEMFS writes, truncates (setattr) and syncs mapped memory back
 * (msync) through operations every file node shares, wrapped here to note the node.
 */
function watchFileChanges(memfs: Memfs): Set<FsNode> {
  const changed = new Set<FsNode>();
  const file = memfs.ops_table?.file as { node: Operations; stream: Operations };
  const note = (table: Operations, name: string, nodeOf: (first: never) => FsNode) => {
    const operation = table[name] as (...args: never[]) => unknown;
    table[name] = (...args: never[]) => {
      changed.add(nodeOf(args[0] as never));
      return operation(...args);
    };
  };
  note(file.node, 'setattr', (node: FsNode) => node);
  note(file.stream, 'write', (stream: FsStream) => stream.node);
  note(file.stream, 'msync', (stream: FsStream) => stream.node);
  return changed;
}

/** Takes a snapshot of an idle instance (no query running: PGlite runs PostgreSQL synchronously). */
export function snapshotOf(pglite: PGlite): PGliteSnapshot {
  const mod = moduleOf(pglite);
  const fs = mod.FS;
  const roots = CHANGING_TREES.map((path) => fs.lookupPath(path).node);
  const nodes = nodesUnder(fs, roots).map((node): NodeState => {
    const state: NodeState = {
      node,
      parent: node.parent,
      name: node.name,
      mode: node.mode,
      times: [node.atime, node.mtime, node.ctime],
    };
    if (fs.isDir(node.mode)) state.entries = Object.entries(node.contents as Record<string, FsNode>);
    else if (fs.isFile(node.mode)) {
      const contents = (node.contents as Uint8Array | null) ?? new Uint8Array(0);
      state.bytes = contents.slice(0, node.usedBytes ?? contents.length);
    } else state.link = node.link;
    return state;
  });
  const shared = new Map<object, Record<string, unknown>>();
  const streams = fs.streams.map((stream): StreamState | null => {
    if (!stream) return null;
    let sharedCopy = shared.get(stream.shared);
    if (!sharedCopy) {
      sharedCopy = { ...stream.shared };
      shared.set(stream.shared, sharedCopy);
    }
    return { stream, fields: { ...stream }, shared: sharedCopy };
  });
  return {
    roots,
    changed: watchFileChanges(mod.MEMFS),
    memory: mod.HEAPU8.slice(),
    stackPointer: mod.___stack_pointer.value,
    nodes,
    streams,
  };
}

/**
 * Puts an idle instance back in the state of `snapshot` (taken of this same instance): memory, files, folders
 * and file descriptors. Files and folders created since are dropped, removed or renamed ones come back, and every
 * file's bytes are those of the snapshot again.
 */
export function restoreSnapshot(pglite: PGlite, snapshot: PGliteSnapshot): void {
  const mod = moduleOf(pglite);
  const fs = mod.FS;
  restoreTrees(fs, snapshot.roots, snapshot.nodes, snapshot.changed);
  snapshot.changed.clear();
  restoreStreams(fs, snapshot.streams);
  const heap = mod.HEAPU8;
  heap.set(snapshot.memory);
  // Memory grown since is past the allocator's restored break: zeroed, as freshly grown memory is.
  heap.fill(0, snapshot.memory.length);
  mod.___stack_pointer.value = snapshot.stackPointer;
}

function restoreTrees(fs: EmscriptenFs, roots: FsNode[], states: NodeState[], changed: Set<FsNode>) {
  // The lookup table hashes a node by its parent and name, which may have changed: every node under the trees
  // now, and every node of the snapshot, leaves it (the roots stay where they are), and the snapshot's nodes go
  // back in under their old names.
  const rootSet = new Set(roots);
  const current = new Set(nodesUnder(fs, roots));
  for (const node of current) if (!rootSet.has(node)) fs.hashRemoveNode(node);
  for (const state of states)
    if (!current.has(state.node) && !rootSet.has(state.node)) fs.hashRemoveNode(state.node);
  for (const state of states) {
    const node = state.node;
    node.parent = state.parent;
    node.name = state.name;
    node.mode = state.mode;
    [node.atime, node.mtime, node.ctime] = state.times;
    if (state.entries) node.contents = Object.fromEntries(state.entries);
    else if (state.bytes && changed.has(node)) restoreBytes(node, state.bytes);
    else if (state.link !== undefined) node.link = state.link;
  }
  for (const state of states) if (!rootSet.has(state.node)) fs.hashAddNode(state.node);
}

/**
 * A changed file's bytes as they were: written over its own array when that array is all its buffer (MEMFS's
 * own copy) and large enough, the rest zeroed as a grown file's would be; a new copy otherwise.
 */
function restoreBytes(node: FsNode, bytes: Uint8Array) {
  const contents = node.contents as Uint8Array | null;
  if (
    contents &&
    contents.byteOffset === 0 &&
    contents.buffer.byteLength === contents.length &&
    contents.length >= bytes.length
  ) {
    contents.set(bytes);
    contents.fill(0, bytes.length);
  } else node.contents = bytes.slice();
  node.usedBytes = bytes.length;
}

function restoreStreams(fs: EmscriptenFs, states: (StreamState | null)[]) {
  const shared = new Map<Record<string, unknown>, Record<string, unknown>>();
  fs.streams.length = 0;
  for (const state of states) {
    if (!state) {
      fs.streams.push(null);
      continue;
    }
    for (const key of Object.keys(state.stream)) if (!(key in state.fields)) delete state.stream[key];
    Object.assign(state.stream, state.fields);
    let copy = shared.get(state.shared);
    if (!copy) {
      copy = { ...state.shared };
      shared.set(state.shared, copy);
    }
    state.stream.shared = copy;
    fs.streams.push(state.stream);
  }
}

/**
 * Whether PostgreSQL has loaded a shared library (an extension's, a procedural language's) since this call. A
 * library's code and static data are placed in memory when first loaded, and stay registered with the
 * runtime: a snapshot taken before the load, once restored, frees that memory under it. An instance that
 * loaded one since its snapshot cannot be restored; loading them before the snapshot avoids it.
 */
export function watchLibraryLoads(pglite: PGlite): () => boolean {
  const fs = moduleOf(pglite).FS as EmscriptenFs & { open(path: unknown, ...rest: unknown[]): unknown };
  const open = fs.open;
  let loaded = false;
  fs.open = (path: unknown, ...rest: unknown[]) => {
    if (typeof path === 'string' && path.endsWith('.so')) loaded = true;
    return open.call(fs, path, ...rest);
  };
  return () => loaded;
}
