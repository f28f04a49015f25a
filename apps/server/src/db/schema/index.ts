/** Every table of the database, one file per domain (test: db/schema/schema.test.ts). */
export * from './accounts.ts';
export * from './agent.ts';
export * from './desk.ts';
export * from './foundation.ts';
export * from './goods.ts';
export * from './lease.ts';
export * from './member.ts';
export * from './notice.ts';
export * from './order.ts';
export * from './print-template.ts';
export * from './session.ts';
export * from './shift.ts';
export * from './stock.ts';
export * from './system.ts';
export * from './terminal.ts';
export * from './venue.ts';
export * from './wallet.ts';
