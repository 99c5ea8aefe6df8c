-- hand-written (issue 28: adverse-action due dates)
-- The day a credit application was complete, as staff recorded it; null: the day it was received.
ALTER TABLE "credit_application" ADD COLUMN "completed_on" date;
