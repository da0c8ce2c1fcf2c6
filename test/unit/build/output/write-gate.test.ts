import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DuplicateOutputError, TreeSink, WriteGate } from '../../../../build/output/sink.ts';

/**
 * The build's threads take turns creating files (`WriteGate`): a sink that finds the gate taken
 * queues its files, writes them when it next gets the gate, and writes the rest on `commit()`;
 * an error while writing its queue fails it and frees the gate.
 */
describe('the write gate', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  /** A sink in a fresh folder, and another thread's hold on the same gate. */
  const gated = () => {
    const root = mkdtempSync(join(tmpdir(), 'write-gate-'));
    folders.push(root);
    const memory = WriteGate.memory();
    return {
      root,
      other: new WriteGate(memory),
      sink: new TreeSink(root, false, new WriteGate(memory)),
    };
  };

  it('queues files while another thread holds the gate, and writes them once it is free', () => {
    const { root, other, sink } = gated();
    expect(other.tryEnter()).toBe(true);
    sink.write('a/one.json', '{"n":1}');
    sink.write('a/two.json', Buffer.from('{"n":2}'));
    expect(existsSync(join(root, 'a/one.json'))).toBe(false);
    expect(sink.files).toBe(0);
    other.leave();
    // The next write finds the gate free and writes the queue with it.
    sink.write('b/three.json', '{"n":3}');
    expect(readFileSync(join(root, 'a/one.json'), 'utf8')).toBe('{"n":1}');
    expect(readFileSync(join(root, 'a/two.json'), 'utf8')).toBe('{"n":2}');
    expect(readFileSync(join(root, 'b/three.json'), 'utf8')).toBe('{"n":3}');
    expect(sink.files).toBe(3);
    expect(other.tryEnter()).toBe(true);
    other.leave();
  });

  it('writes what is queued on commit, taking the gate', () => {
    const { root, other, sink } = gated();
    other.enter();
    sink.write('queued.json', '[]');
    other.leave();
    expect(existsSync(join(root, 'queued.json'))).toBe(false);
    sink.commit();
    expect(readFileSync(join(root, 'queued.json'), 'utf8')).toBe('[]');
    expect(other.tryEnter()).toBe(true);
  });

  it('fails on a path written twice and leaves the gate free', () => {
    const { root, other, sink } = gated();
    other.enter();
    sink.write('same.json', '1');
    sink.write('same.json', '2');
    other.leave();
    expect(() => sink.commit()).toThrow(DuplicateOutputError);
    expect(readFileSync(join(root, 'same.json'), 'utf8')).toBe('1');
    expect(other.tryEnter()).toBe(true);
  });
});
