import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../phone/page/rng.ts';
import { checkPassenger, idCheckDigit, initialRailwayData, removePassenger } from './model.ts';

const now = new Date(2025, 5, 2, 9, 0, 0).getTime();
const seeded = (seed: number) => initialRailwayData({ seed, rng: mulberry32(seed), now });
const validId = (first17: string) => first17 + idCheckDigit(first17);

describe('railway passengers', () => {
  it('checks a passenger: cleans the fields, refuses bad ones and a duplicate ID, lets an edit keep its own ID', () => {
    const data = seeded(3);
    const id = validId('31010419900101123');
    expect(checkPassenger(data, { name: ' Wang Xiaoming ', idNumber: id, phone: '', type: 'student' }, null)).toEqual({
      name: 'Wang Xiaoming',
      idNumber: id,
      phone: '',
      type: 'student',
    });
    expect(checkPassenger(data, { name: 'W', idNumber: id, phone: '', type: 'adult' }, null)).toEqual({
      error: 'Enter the passenger name as on the ID card',
    });
    expect(checkPassenger(data, { name: 'Wang', idNumber: '123', phone: '', type: 'adult' }, null)).toEqual({
      error: 'Enter a valid 18-character ID number',
    });
    expect(checkPassenger(data, { name: 'Wang', idNumber: id, phone: '123', type: 'adult' }, null)).toEqual({
      error: 'Enter an 11-digit mobile number',
    });
    const second = data.passengers[1]!;
    const fields = { name: 'Someone', idNumber: second.idNumber, phone: '', type: 'adult' as const };
    expect(checkPassenger(data, fields, null)).toEqual({ error: 'This passenger is already saved' });
    expect(checkPassenger(data, fields, second.id)).toMatchObject({ name: 'Someone', idNumber: second.idNumber });
  });

  it('removes a passenger, but not the account holder nor one with an upcoming ticket', () => {
    const data = seeded(5);
    const [holder, second] = data.passengers;
    expect(removePassenger(data, holder!.id, now)).toBe('The account holder cannot be removed');
    const order = data.orders[0]!;
    order.tickets.push({ passengerId: second!.id, name: second!.name, car: 5, seat: '08A' });
    expect(removePassenger(data, second!.id, now)).toBe('This passenger has tickets for an upcoming trip');
    order.status = 'cancelled';
    expect(removePassenger(data, second!.id, now)).toBeNull();
    expect(data.passengers.map((p) => p.id)).toEqual([holder!.id]);
    expect(order.tickets.at(-1)?.name).toBe(second!.name);
  });
});
