-- A company user's own language (issue 36): the invitation and every later mail to an invited user go out in
-- the language the company admin chose for them. Null: the company's language (customers.locale), which is
-- what every user made before this migration keeps.
ALTER TABLE "customer_users" ADD COLUMN "locale" text;
