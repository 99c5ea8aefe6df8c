import { sql } from "drizzle-orm";

/**
 * One row per lead whatever its table: type, id, when, a title and a way to reach them (names,
 * phone and e-mail, never an SSN, tax id or date of birth). The inbox and the CSV export read it.
 */
export const allLeads = sql`
  select 'questionnaire' as type, id, created_at, business_name || ' (' || name_of_owner || ')' as title, business_phone as contact from questionnaire_answer
  union all select 'picked-option', id, created_at, business_name || ': ' || term || ' months', '' from picked_option
  union all select 'credit-application', id, created_at, business_name, business_phone || ' ' || business_email from credit_application
  union all select 'calculator', id, created_at, first_name || ' ' || last_name, owner_phone || ' ' || owner_email from calculator_lead
  union all select 'vendor-contact', id, created_at, business_name || ' (' || contact_name || ')', phone_number || ' ' || email from vendor_contact
  union all select 'footer-message', id, created_at, name_user || ': ' || left(message, 80), email_user from footer_message`;
