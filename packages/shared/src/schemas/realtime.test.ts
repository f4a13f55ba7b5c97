import { describe, expect, it } from 'vitest';
import { parseWireMessage, realtimeClientMessageSchema, realtimeEventSchema } from './realtime';

const conversationId = '3f1c2b7e-8d4a-4c1e-9b2f-6a7d5e4c3b21';

describe('realtime wire messages', () => {
  it('reads a known event', () => {
    const frame = JSON.stringify({ type: 'unread', messages: 2, notifications: 0 });
    expect(parseWireMessage(realtimeEventSchema, frame)).toEqual({ type: 'unread', messages: 2, notifications: 0 });
  });

  it('reads what a tab may send, and nothing else', () => {
    expect(parseWireMessage(realtimeClientMessageSchema, JSON.stringify({ type: 'viewing', conversationId }))).toEqual({
      type: 'viewing',
      conversationId,
    });
    expect(parseWireMessage(realtimeClientMessageSchema, '{"type":"viewing","conversationId":null}')).toEqual({
      type: 'viewing',
      conversationId: null,
    });
    expect(parseWireMessage(realtimeClientMessageSchema, '{"type":"viewing","conversationId":"../etc"}')).toBeNull();
    expect(parseWireMessage(realtimeClientMessageSchema, '{"type":"shutdown"}')).toBeNull();
  });

  it('turns a frame that is not JSON or not a known shape into null instead of throwing', () => {
    expect(parseWireMessage(realtimeEventSchema, 'not json')).toBeNull();
    expect(parseWireMessage(realtimeEventSchema, '{"type":"unread","messages":"two"}')).toBeNull();
    expect(parseWireMessage(realtimeEventSchema, Buffer.from('{"type":"resync"}'))).toEqual({ type: 'resync' });
  });
});
