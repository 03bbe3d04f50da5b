// The Nu Html Checker (vnu-jar on the machine's Java) over whole documents, one JVM per call: the
// checker is slow to start, so callers hand it every page they have at once.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const VNU_JAR = resolve(import.meta.dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

function runVnu(files: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('/usr/bin/java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (error) => reject(new Error(`could not start java: ${error.message}`)));
    child.on('close', (status) => resolvePromise({ status, stdout, stderr }));
  });
}

/**
 * Checks each document (label, e.g. its URL → HTML) and resolves to one readable line per error,
 * naming the document, line and column; an empty list means valid HTML.
 */
export async function htmlErrors(documents: ReadonlyMap<string, string>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vnu-'));
  try {
    const labels = new Map<string, string>();
    let n = 0;
    for (const [label, html] of documents) {
      const file = join(dir, `${++n}.html`);
      await writeFile(file, html);
      labels.set(file, label);
    }
    const result = await runVnu([...labels.keys()]);
    let messages: VnuMessage[];
    try {
      messages = (JSON.parse(result.stdout) as { messages: VnuMessage[] }).messages;
    } catch {
      throw new Error(`vnu gave no JSON report (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
    }
    return messages
      .filter((m) => m.type !== 'info')
      .map((m) => {
        const file = decodeURIComponent((m.url ?? '').replace(/^file:(\/\/)?/, ''));
        return (
          `${labels.get(file) ?? m.url ?? '(no file)'} (line ${m.lastLine ?? '?'}, column ${m.firstColumn ?? m.lastColumn ?? '?'}): ${m.message}` +
          (m.extract ? `\n    ${m.extract.replace(/\n/g, ' ')}` : '')
        );
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
