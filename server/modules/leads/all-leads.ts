import { sql } from "drizzle-orm";

/**
 * One row per lead whatever its table: type, id, when, a title and a way to reach them (names,
 * phone and e-mail, never an SSN, tax id or date of birth; a picked option's through the answer it
 * was picked from; a footer message's whole text). The inbox (which shortens it) and the CSV export read it.
 */
export const allLeads = sql`
  select 'questionnaire' as type, id, created_at, business_name || ' (' || name_of_owner || ')' as title, business_phone as contact from questionnaire_answer
  union all select 'picked-option', p.id, p.created_at, p.business_name || ': ' || p.term || ' months', coalesce(a.name_of_owner || ' ' || a.business_phone, '') from picked_option p left join questionnaire_answer a on a.id = p.answer_id
  union all select 'credit-application', id, created_at, business_name, business_phone || ' ' || business_email from credit_application
  union all select 'calculator', id, created_at, first_name || ' ' || last_name, owner_phone || ' ' || owner_email from calculator_lead
  union all select 'vendor-contact', id, created_at, business_name || ' (' || contact_name || ')', phone_number || ' ' || email from vendor_contact
  union all select 'footer-message', id, created_at, name_user || coalesce(' (' || nullif(name_of_business, '') || ')', '') || ': ' || message, email_user from footer_message`;
