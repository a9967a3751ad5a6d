/**
 * Child processes of the twin (DynamoDB Local, cognito-local). Each is tracked so Ctrl-C stops
 * them all, and an unexpected exit is reported through `onCrash` instead of going unnoticed.
 */
import type { ChildProcess } from 'node:child_process';

export interface ManagedChild {
  name: string;
  process: ChildProcess;
}

export class ChildSupervisor {
  private readonly children: ManagedChild[] = [];
  private stopping = false;

  constructor(private readonly onCrash: (name: string, detail: string, output: string) => void) {}

  /** Tracks `child`; keeps its last output lines to explain a crash. */
  add(name: string, child: ChildProcess): void {
    const tail: string[] = [];
    const keep = (chunk: Buffer) => {
      tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - 20));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      this.onCrash(name, signal ? `signal ${signal}` : `exit code ${code}`, tail.join('\n'));
    });
    child.once('error', (error) => {
      if (!this.stopping) this.onCrash(name, error.message, tail.join('\n'));
    });
    this.children.push({ name, process: child });
  }

  /** Stops every child (SIGTERM, then SIGKILL after `graceMs`). */
  async stopAll(graceMs = 3000): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(({ process: child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
        return new Promise<void>((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        });
      }),
    );
  }
}
