/** Adding the configured values of arguments a route needs but does not declare (the `extra-values` setting). */
import { withExtraValues } from '../../../request/index.js';
import type { WriteGuard } from './layer.js';

/** `extraValues`: by route key, then argument name. A probe of an undeclared method goes as it was built. */
export function addExtraValues(extraValues: Readonly<Record<string, Readonly<Record<string, unknown>>>>): WriteGuard {
  return (next) => (request, sending) => {
    const configured = sending.probe ? undefined : extraValues[sending.op.route];
    if (configured === undefined) return next(request, sending);
    // Declared arguments are the generators' to fill (and to leave out, in a case about a missing one).
    const undeclared = Object.fromEntries(Object.entries(configured).filter(([name]) => !Object.hasOwn(sending.op.args, name)));
    return next(withExtraValues(request, undeclared), sending);
  };
}
