-- An operator's change of a member's balance (and an opening balance) is an "adjustment" in the ledger, as in the API
-- (`adjust-tokens`, balance changes of kind `adjusted`); "grant" is left to what an operator grants that is not tokens.
UPDATE "token_ledger" SET "ref_type" = 'adjustment' WHERE "ref_type" = 'grant';
