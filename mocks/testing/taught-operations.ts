/**
 * The registry's operations that the oracle (`oracle.ts`) was taught. The random-request property
 * tests and the fuzzer build the mock from these and aim only at them, so an operation registered
 * before the oracle learns it is checked by its own tests, not judged by rules that do not know
 * it. Test support only.
 */
import { OPERATIONS } from '../operations/registry.ts'
import { SPEC_OPERATIONS, type SpecOperation } from './oracle.ts'

type Taught = Extract<(typeof OPERATIONS)[number], { name: SpecOperation }>

export const TAUGHT_OPERATIONS: readonly Taught[] = OPERATIONS.filter((operation): operation is Taught =>
  (SPEC_OPERATIONS as readonly string[]).includes(operation.name),
)
