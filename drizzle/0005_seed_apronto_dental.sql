-- The default example partner (decisions.md 2); staff edit partners in the back office.
INSERT INTO "partner" ("slug", "name", "logo_url", "primary_color", "accent_color", "vendor_name", "sales_person", "vendor_phone")
VALUES ('Apronto_Dental', 'Apronto Dental', '/partner-logos/apronto-dental.svg', '#0f766e', '#b45309', 'Apronto Dental', 'Jordan Ellis', '(555) 010-0142')
ON CONFLICT ("slug") DO NOTHING;
