// The screening feature's port: what other features may use of it, and no more.
// - referrals: moving a candidate to Offer screens them; moving to Hired is refused while a possible match waits for a
//   company admin's decision (screenAtStage, in the stage move's transaction).
export { screenAtStage } from './service';
