import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Express 4 does not look at the promise an async handler returns: a rejection would be unhandled
 * and the request would hang. This hands the error to `next`, so Express's error handling answers.
 */
export function asyncHandler(
  handler: (req: Request, res: Response, next: NextFunction) => Promise<unknown>,
): RequestHandler {
  return (req, res, next) => {
    handler(req, res, next).catch(next);
  };
}
