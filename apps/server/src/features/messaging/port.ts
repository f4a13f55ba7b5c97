// The messaging feature's port: what other features may use of it, and no more.
// - realtime (the WebSocket): a tab reports the conversation it shows, which holds back that conversation's
//   notifications (setViewing).
export { setViewing } from './service';
