import type { OrderCommand, OrderModification } from '../book/order-types.ts';
import type { BookListener } from './book-events.ts';
import { OrderBook, type BookConfig, type DayResume } from './order-book.ts';

/** Every command a book received, in order; replaying them on a fresh book gives the same state hash. */
export type JournalEntry =
  | { op: 'submit'; cmd: OrderCommand }
  | { op: 'modify'; mod: OrderModification }
  | { op: 'cancel'; orderId: number; time: number }
  | { op: 'preOpen'; time: number }
  | { op: 'open'; time: number }
  | { op: 'close'; time: number }
  | { op: 'endOfDay'; day: number; time: number }
  | { op: 'startDay'; day: number; lowerBand: number; upperBand: number; time: number }
  | { op: 'setBand'; lowerBand: number; upperBand: number; time: number }
  | { op: 'resumeDay'; day: DayResume; time: number };

export function applyJournalEntry(book: OrderBook, entry: JournalEntry): void {
  switch (entry.op) {
    case 'submit':
      book.submit(entry.cmd);
      return;
    case 'modify':
      book.modify(entry.mod);
      return;
    case 'cancel':
      book.cancel(entry.orderId, entry.time);
      return;
    case 'preOpen':
      book.preOpen(entry.time);
      return;
    case 'open':
      book.openSession(entry.time);
      return;
    case 'close':
      book.closeSession(entry.time);
      return;
    case 'endOfDay':
      book.endOfDay(entry.day, entry.time);
      return;
    case 'startDay':
      book.startDay(entry.day, entry.lowerBand, entry.upperBand, entry.time);
      return;
    case 'setBand':
      book.setBand(entry.lowerBand, entry.upperBand, entry.time);
      return;
    case 'resumeDay':
      book.resumeDay(entry.day, entry.time);
      return;
    default: {
      const unknown: never = entry;
      throw new Error(`Unknown journal entry ${JSON.stringify(unknown)}`);
    }
  }
}

/** Builds a book from its configuration and journal (exchange-core style recovery and audit). */
export function replayJournal(
  config: BookConfig,
  journal: readonly JournalEntry[],
  listener?: BookListener,
): OrderBook {
  const book = new OrderBook(config);
  if (listener) book.listener = listener;
  for (const entry of journal) applyJournalEntry(book, entry);
  return book;
}

/** A book that records its journal from the start. */
export function journaledBook(config: BookConfig): { book: OrderBook; journal: JournalEntry[] } {
  const book = new OrderBook(config);
  const journal: JournalEntry[] = [];
  book.journal = journal;
  return { book, journal };
}
