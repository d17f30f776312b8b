/**
 * The reviews of potential matches: a domain beside monitoring. Monitoring's re-screens emit
 * match changes (appeared, changed, gone); `reactToMatchChanges` opens, carries forward and
 * reopens reviews from them. Decisions (append-only, with evidence), four eyes, the reads the API
 * serves, and the monthly attestation.
 */
export { reactToMatchChanges } from './react';
export { reviewsOnRescreen } from './switch';
export {
  approve,
  decide,
  needsApproval,
  sameReviewer,
  type Decision,
  type DecisionOutcome,
  type DecisionRequest,
  type FourEyes,
  type IdentifierCompared,
  type Reviewer,
} from './decisions';
export { getReview, listReviews, type DecisionView, type ReviewDetail, type ReviewFilter, type ReviewView } from './views';
export { setFourEyes } from './settings';
export {
  attestationCsv,
  attestationFor,
  monthBounds,
  verifyAttestations,
  type AttestationOutcome,
  type AttestationView,
  type ChainCheck,
} from './attestation';
export { publicKeyPem } from './signing';
