/**
 * The one Powertools logger of a function process (created once at module scope). Structured JSON
 * with the request id; never pass tokens, secrets or raw request bodies to it.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'director-ia' });
