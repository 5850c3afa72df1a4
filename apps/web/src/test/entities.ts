import type { Ad } from '@adloop/contract/ads';
import type { Company } from '@adloop/contract/companies';
import type { Outlet } from '@adloop/contract/outlets';
import { ALWAYS, NO_TARGETING } from '@adloop/contract/targeting';
import type { User } from '@adloop/contract/users';

/** Rows as the API answers them, for component tests to serve; each test overrides what it is about. */

const CREATED_AT = '2026-01-05T10:00:00.000Z';

export function company(overrides: Partial<Company> = {}): Company {
  return {
    id: '0b6f1c52-5f6e-4a4f-9a57-0f2a0c1d7e01',
    name: 'Blue Tokai Coffee',
    contact_email: null,
    contact_phone: null,
    is_active: true,
    ads_count: 0,
    users_count: 0,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  };
}

export function outlet(overrides: Partial<Outlet> = {}): Outlet {
  return {
    id: '3e5a7c9b-1d2f-4a6b-8c0d-2e4f6a8b0c1d',
    name: 'Third Wave, Indiranagar',
    outlet_code: 'TW-BLR-01',
    address: '12th Main, Indiranagar',
    city: 'Bengaluru',
    pincode: '560038',
    state: 'Karnataka',
    timezone: 'Asia/Kolkata',
    tags: [],
    commission_bps: null,
    tier: 'STANDARD',
    offline_alert_minutes: null,
    alert_webhook_url: null,
    has_alert_webhook_secret: false,
    is_active: true,
    screens_count: 0,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  };
}

export function staffUser(overrides: Partial<User> = {}): User {
  return {
    id: '6a0f3e1d-2c4b-4d8e-8f1a-3b5c7d9e0f12',
    name: 'Priya Sharma',
    email: 'priya@bluetokai.test',
    phone_number: null,
    role: 'COMPANY_EMPLOYEE',
    is_active: true,
    must_change_password: true,
    companies: [],
    outlets: [],
    sign_in_alert: null,
    invitation_expires_at: null,
    created_at: CREATED_AT,
    ...overrides,
  };
}

export function ad(overrides: Partial<Ad> = {}): Ad {
  const owner = company();
  return {
    id: '9c2d4e6f-8a1b-4c3d-9e5f-7a9b1c3d5e70',
    company_id: owner.id,
    company: { name: owner.name },
    house_outlet_id: null,
    title: 'Cold brew, summer offer',
    type: 'IMAGE',
    media_url: 'https://cdn.example.com/cold-brew.jpg',
    duration_seconds: 5,
    status: 'DRAFT',
    rejection_reason: null,
    paused_by_admin: false,
    version: 1,
    targeting: NO_TARGETING,
    schedule: ALWAYS,
    revision: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  };
}

/** A page of a list, as every list endpoint answers. */
export function listPage<Row>(rows: Row[]) {
  return { data: rows, meta: { page: 1, pageSize: 50, total: rows.length } };
}
